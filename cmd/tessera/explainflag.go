package main

import (
	"fmt"

	"github.com/tessera-opt/tessera/pipeline"
)

// explainFlag is the value of --explain: off, short, long (--explain
// alone, or =true as polycc's --debug sets it) or full.
type explainFlag struct{ level pipeline.ExplainLevel }

func (f *explainFlag) IsBoolFlag() bool { return true }

func (f *explainFlag) String() string {
	if f == nil {
		return "false"
	}
	switch f.level {
	case pipeline.ExplainShort:
		return "short"
	case pipeline.ExplainLong:
		return "long"
	case pipeline.ExplainFull:
		return "full"
	}
	return "false"
}

func (f *explainFlag) Set(s string) error {
	switch s {
	case "true", "long":
		f.level = pipeline.ExplainLong
	case "short":
		f.level = pipeline.ExplainShort
	case "full":
		f.level = pipeline.ExplainFull
	case "false":
		f.level = 0
	default:
		return fmt.Errorf("want short, long or full, got %q", s)
	}
	return nil
}
