/*
 * islref: a reference driver for tessera's differential tests against isl.
 *
 * Our own code (not taken from isl or its tools). It reads cases from
 * standard input, one per line:
 *
 *     OP <TAB> ARG [<TAB> ARG]
 *
 * where every ARG is "S:" or "M:" followed by a union set or union map in
 * isl notation, and prints one line per case: the result in isl notation,
 * "True"/"False" for predicates, an integer for card, or a line starting
 * with "ERROR" when isl failed (for example when its operation budget ran
 * out). Build: gcc -O1 -o islref islref.c -lisl
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <isl/ctx.h>
#include <isl/options.h>
#include <isl/set.h>
#include <isl/map.h>
#include <isl/union_set.h>
#include <isl/union_map.h>
#include <isl/point.h>
#include <isl/space.h>
#include <isl/val.h>

enum { SET, MAP };

struct obj {
	int kind;
	isl_union_set *s;
	isl_union_map *m;
};

static isl_ctx *ctx;

static int parse_arg(char *a, struct obj *o)
{
	o->s = NULL;
	o->m = NULL;
	if (strncmp(a, "S:", 2) == 0) {
		o->kind = SET;
		o->s = isl_union_set_read_from_str(ctx, a + 2);
		return o->s ? 0 : -1;
	}
	if (strncmp(a, "M:", 2) == 0) {
		o->kind = MAP;
		o->m = isl_union_map_read_from_str(ctx, a + 2);
		return o->m ? 0 : -1;
	}
	return -1;
}

static void free_obj(struct obj *o)
{
	isl_union_set_free(o->s);
	isl_union_map_free(o->m);
	o->s = NULL;
	o->m = NULL;
}

static void print_set(isl_union_set *s)
{
	char *str;
	if (!s) {
		printf("ERROR\n");
		return;
	}
	str = isl_union_set_to_str(s);
	printf("%s\n", str ? str : "ERROR");
	free(str);
	isl_union_set_free(s);
}

static void print_map(isl_union_map *m)
{
	char *str;
	if (!m) {
		printf("ERROR\n");
		return;
	}
	str = isl_union_map_to_str(m);
	printf("%s\n", str ? str : "ERROR");
	free(str);
	isl_union_map_free(m);
}

static void print_params(isl_set *s)
{
	char *str;
	if (!s) {
		printf("ERROR\n");
		return;
	}
	str = isl_set_to_str(s);
	printf("%s\n", str ? str : "ERROR");
	free(str);
	isl_set_free(s);
}

static void print_bool(isl_bool b)
{
	if (b < 0)
		printf("ERROR\n");
	else
		printf("%s\n", b ? "True" : "False");
}

/* card: sum of isl_set_count_val over the member sets. */
static isl_stat add_count(__isl_take isl_set *set, void *user)
{
	isl_val **sum = user;
	isl_val *c = isl_set_count_val(set);
	isl_set_free(set);
	if (!c)
		return isl_stat_error;
	*sum = isl_val_add(*sum, c);
	return *sum ? isl_stat_ok : isl_stat_error;
}

static void card(isl_union_set *s)
{
	isl_val *sum = isl_val_zero(ctx);
	char *str;
	if (isl_union_set_foreach_set(s, &add_count, &sum) < 0) {
		isl_val_free(sum);
		isl_union_set_free(s);
		printf("ERROR\n");
		return;
	}
	isl_union_set_free(s);
	str = isl_val_to_str(sum);
	printf("%s\n", str ? str : "ERROR");
	free(str);
	isl_val_free(sum);
}

static isl_union_set *sample(isl_union_set *s)
{
	isl_space *sp = isl_union_set_get_space(s);
	isl_point *pt = isl_union_set_sample_point(s);
	if (!pt) {
		isl_space_free(sp);
		return NULL;
	}
	if (isl_point_is_void(pt)) {
		isl_point_free(pt);
		return isl_union_set_empty(sp);
	}
	isl_space_free(sp);
	return isl_union_set_from_set(isl_set_from_point(pt));
}

/* GS and GM hand over the object's set or map (the caller takes it). */
static isl_union_set *GS(struct obj *o)
{
	isl_union_set *s = o->s;
	o->s = NULL;
	return s;
}

static isl_union_map *GM(struct obj *o)
{
	isl_union_map *m = o->m;
	o->m = NULL;
	return m;
}

static void run(char *op, int nargs, struct obj *a, struct obj *b)
{
	int S1 = nargs >= 1 && a->kind == SET;
	int M1 = nargs >= 1 && a->kind == MAP;
	int S2 = nargs >= 2 && b->kind == SET;
	int M2 = nargs >= 2 && b->kind == MAP;

	if (!strcmp(op, "intersect") && S1 && S2)
		print_set(isl_union_set_intersect(GS(a), GS(b)));
	else if (!strcmp(op, "intersect") && M1 && M2)
		print_map(isl_union_map_intersect(GM(a), GM(b)));
	else if (!strcmp(op, "intersect") && M1 && S2)
		print_map(isl_union_map_intersect_domain(GM(a), GS(b)));
	else if (!strcmp(op, "union") && S1 && S2)
		print_set(isl_union_set_union(GS(a), GS(b)));
	else if (!strcmp(op, "union") && M1 && M2)
		print_map(isl_union_map_union(GM(a), GM(b)));
	else if (!strcmp(op, "subtract") && S1 && S2)
		print_set(isl_union_set_subtract(GS(a), GS(b)));
	else if (!strcmp(op, "subtract") && M1 && M2)
		print_map(isl_union_map_subtract(GM(a), GM(b)));
	else if (!strcmp(op, "complement") && S1) {
		isl_union_set *u = isl_union_set_universe(isl_union_set_copy(a->s));
		print_set(isl_union_set_subtract(u, GS(a)));
	} else if (!strcmp(op, "complement") && M1) {
		isl_union_map *u = isl_union_map_universe(isl_union_map_copy(a->m));
		print_map(isl_union_map_subtract(u, GM(a)));
	} else if (!strcmp(op, "apply") && S1 && M2)
		print_set(isl_union_set_apply(GS(a), GM(b)));
	else if (!strcmp(op, "apply") && M1 && M2)
		print_map(isl_union_map_apply_range(GM(a), GM(b)));
	else if (!strcmp(op, "apply_domain") && M1 && M2)
		print_map(isl_union_map_apply_domain(GM(a), GM(b)));
	else if (!strcmp(op, "lex_lt") && S1 && S2)
		print_map(isl_union_set_lex_lt_union_set(GS(a), GS(b)));
	else if (!strcmp(op, "lex_le") && S1 && S2)
		print_map(isl_union_set_lex_le_union_set(GS(a), GS(b)));
	else if (!strcmp(op, "lex_gt") && S1 && S2)
		print_map(isl_union_set_lex_gt_union_set(GS(a), GS(b)));
	else if (!strcmp(op, "lex_ge") && S1 && S2)
		print_map(isl_union_set_lex_ge_union_set(GS(a), GS(b)));
	else if (!strcmp(op, "lex_lt") && M1 && M2)
		print_map(isl_union_map_lex_lt_union_map(GM(a), GM(b)));
	else if (!strcmp(op, "lex_le") && M1 && M2)
		print_map(isl_union_map_lex_le_union_map(GM(a), GM(b)));
	else if (!strcmp(op, "lex_gt") && M1 && M2)
		print_map(isl_union_map_lex_gt_union_map(GM(a), GM(b)));
	else if (!strcmp(op, "lex_ge") && M1 && M2)
		print_map(isl_union_map_lex_ge_union_map(GM(a), GM(b)));
	else if (!strcmp(op, "reverse") && M1)
		print_map(isl_union_map_reverse(GM(a)));
	else if (!strcmp(op, "domain") && M1)
		print_set(isl_union_map_domain(GM(a)));
	else if (!strcmp(op, "range") && M1)
		print_set(isl_union_map_range(GM(a)));
	else if (!strcmp(op, "deltas") && M1)
		print_set(isl_union_map_deltas(GM(a)));
	else if (!strcmp(op, "wrap") && M1)
		print_set(isl_union_map_wrap(GM(a)));
	else if (!strcmp(op, "unwrap") && S1)
		print_map(isl_union_set_unwrap(GS(a)));
	else if (!strcmp(op, "identity") && S1)
		print_map(isl_union_set_identity(GS(a)));
	else if (!strcmp(op, "params") && S1)
		print_params(isl_union_set_params(GS(a)));
	else if (!strcmp(op, "params") && M1)
		print_params(isl_union_map_params(GM(a)));
	else if (!strcmp(op, "lexmin") && S1)
		print_set(isl_union_set_lexmin(GS(a)));
	else if (!strcmp(op, "lexmin") && M1)
		print_map(isl_union_map_lexmin(GM(a)));
	else if (!strcmp(op, "lexmax") && S1)
		print_set(isl_union_set_lexmax(GS(a)));
	else if (!strcmp(op, "lexmax") && M1)
		print_map(isl_union_map_lexmax(GM(a)));
	else if (!strcmp(op, "coalesce") && S1)
		print_set(isl_union_set_coalesce(GS(a)));
	else if (!strcmp(op, "coalesce") && M1)
		print_map(isl_union_map_coalesce(GM(a)));
	else if (!strcmp(op, "affine_hull") && S1)
		print_set(isl_union_set_affine_hull(GS(a)));
	else if (!strcmp(op, "affine_hull") && M1)
		print_map(isl_union_map_affine_hull(GM(a)));
	else if (!strcmp(op, "simple_hull") && S1)
		print_set(isl_union_set_simple_hull(GS(a)));
	else if (!strcmp(op, "simple_hull") && M1)
		print_map(isl_union_map_simple_hull(GM(a)));
	else if (!strcmp(op, "polyhedral_hull") && S1)
		print_set(isl_union_set_polyhedral_hull(GS(a)));
	else if (!strcmp(op, "gist") && S1 && S2)
		print_set(isl_union_set_gist(GS(a), GS(b)));
	else if (!strcmp(op, "gist") && M1 && M2)
		print_map(isl_union_map_gist(GM(a), GM(b)));
	else if (!strcmp(op, "detect_equalities") && S1)
		print_set(isl_union_set_detect_equalities(GS(a)));
	else if (!strcmp(op, "is_empty") && S1)
		print_bool(isl_union_set_is_empty(a->s));
	else if (!strcmp(op, "is_empty") && M1)
		print_bool(isl_union_map_is_empty(a->m));
	else if (!strcmp(op, "is_subset") && S1 && S2)
		print_bool(isl_union_set_is_subset(a->s, b->s));
	else if (!strcmp(op, "is_subset") && M1 && M2)
		print_bool(isl_union_map_is_subset(a->m, b->m));
	else if (!strcmp(op, "is_equal") && S1 && S2)
		print_bool(isl_union_set_is_equal(a->s, b->s));
	else if (!strcmp(op, "is_equal") && M1 && M2)
		print_bool(isl_union_map_is_equal(a->m, b->m));
	else if (!strcmp(op, "is_single_valued") && M1)
		print_bool(isl_union_map_is_single_valued(a->m));
	else if (!strcmp(op, "is_injective") && M1)
		print_bool(isl_union_map_is_injective(a->m));
	else if (!strcmp(op, "sample") && S1)
		print_set(sample(GS(a)));
	else if (!strcmp(op, "sample") && M1)
		print_set(sample(isl_union_map_wrap(GM(a))));
	else if (!strcmp(op, "card") && S1)
		card(GS(a));
	else if (!strcmp(op, "card") && M1)
		card(isl_union_map_wrap(GM(a)));
	else if (!strcmp(op, "print") && S1)
		print_set(GS(a));
	else if (!strcmp(op, "print") && M1)
		print_map(GM(a));
	else
		printf("ERROR unknown operation %s for these arguments\n", op);
}

int main(int argc, char **argv)
{
	char *line = NULL;
	size_t cap = 0;
	unsigned long maxops = 2000000;

	if (argc > 1)
		maxops = strtoul(argv[1], NULL, 10);
	ctx = isl_ctx_alloc();
	isl_options_set_on_error(ctx, ISL_ON_ERROR_CONTINUE);
	while (getline(&line, &cap, stdin) > 0) {
		char *fields[3];
		int n = 0;
		char *p = line, *tab;
		struct obj a = { SET, NULL, NULL }, b = { SET, NULL, NULL };
		size_t len = strlen(line);

		if (len && line[len - 1] == '\n')
			line[len - 1] = '\0';
		while (n < 3) {
			fields[n++] = p;
			tab = strchr(p, '\t');
			if (!tab)
				break;
			*tab = '\0';
			p = tab + 1;
		}
		isl_ctx_reset_error(ctx);
		isl_ctx_set_max_operations(ctx, maxops);
		isl_ctx_reset_operations(ctx);
		if ((n >= 2 && parse_arg(fields[1], &a) < 0) ||
		    (n >= 3 && parse_arg(fields[2], &b) < 0)) {
			printf("ERROR parse\n");
		} else {
			run(fields[0], n - 1, &a, &b);
		}
		free_obj(&a);
		free_obj(&b);
		fflush(stdout);
	}
	free(line);
	isl_ctx_free(ctx);
	return 0;
}
