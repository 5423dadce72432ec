/* repro: after a function definition with an attribute before its name, the loop nest of the next
   function is skipped with no diagnostic at all (seen in Embench, whose harness marks a function noinline).
   command: tessera opt --explain attr_fn_silent_skip.c -o out.c
   expected: "region 1: rewritten" for prod()'s nest, as when ` __attribute__ ((noinline))` is deleted
   happens: nothing: no region, no note, no warning, exit 0 (with --explain too) */
#include <stdio.h>
typedef long grid[20][20];
grid P, Q, S;
static int __attribute__ ((noinline)) ident(int v)
{
  return v;
}
void prod (grid p, grid q, grid s)
{
  int r, c, t;
  for (r = 0; r < 20; r++)
    for (c = 0; c < 20; c++)
      {
	s[r][c] = 0;
	for (t = 0; t < 20; t++)
	  s[r][c] += p[r][t] * q[t][c];
      }
}
int main(void) { prod(P, Q, S); printf("%ld\n", S[1][1] + ident(0)); return 0; }
