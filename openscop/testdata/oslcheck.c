/* oslcheck: reads the OpenScop documents of a file (argv[1]) with the
   OpenScop library, checks their integrity and prints them back on
   standard output; status 0 when they read. Build it against the
   library, e.g. gcc -I OSL/include oslcheck.c -L OSL/lib -losl. */
#include <stdio.h>
#include <stdlib.h>
#include <osl/osl.h>
int main(int argc, char **argv) {
  FILE *f = argc > 1 ? fopen(argv[1], "r") : stdin;
  if (!f) { perror(argv[1]); return 2; }
  osl_scop_p scop = osl_scop_read(f);
  if (!scop) { fprintf(stderr, "no scop read\n"); return 1; }
  if (!osl_scop_integrity_check(scop)) { fprintf(stderr, "integrity check failed\n"); return 1; }
  osl_scop_print(stdout, scop);
  int n = 0; for (osl_scop_p s = scop; s; s = s->next) n++;
  fprintf(stderr, "scops: %d\n", n);
  osl_scop_free(scop);
  return 0;
}
