package explain

// simplerConditions without a region: the words of workWords only.
func simplerConditions(m string) string {
	e := &regionExplainer{r: &Region{}, ln: &loopNames{}}
	e.noCtx = true
	return e.simplerConditions(m)
}
