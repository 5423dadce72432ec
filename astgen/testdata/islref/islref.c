/*
 * islref: the reference AST generator for astgen's size and time
 * comparison (islref_test.go). It links libisl and reads the same input
 * forms as `tessera codegen`:
 *
 *   - a schedule tree in YAML (text starting with "domain:" or "{ domain"),
 *   - or a schedule map, an optional context set and an optional options
 *     map in isl notation, one after the other.
 *
 * Lines starting with '#' are comments. Flags: --separate or --atomic
 * force the option on every schedule dimension; --time N generates N times
 * and prints the median generation time in nanoseconds on stderr. The
 * generated C is printed on stdout. Written for tessera's tests; only the
 * public isl API is used.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <isl/ctx.h>
#include <isl/options.h>
#include <isl/set.h>
#include <isl/map.h>
#include <isl/union_set.h>
#include <isl/union_map.h>
#include <isl/schedule.h>
#include <isl/schedule_node.h>
#include <isl/ast.h>
#include <isl/ast_build.h>
#include <isl/printer.h>
#include <isl/space.h>

static char *slurp(FILE *f)
{
	size_t cap = 1 << 16, n = 0;
	char *buf = malloc(cap);
	int at_line_start = 1, in_comment = 0;
	int c;

	while ((c = fgetc(f)) != EOF) {
		if (at_line_start && c == '#')
			in_comment = 1;
		at_line_start = (c == '\n');
		if (in_comment) {
			if (c == '\n')
				in_comment = 0;
			else
				continue;
		}
		if (n + 2 > cap) {
			cap *= 2;
			buf = realloc(buf, cap);
		}
		buf[n++] = (char) c;
	}
	buf[n] = '\0';
	return buf;
}

static enum isl_ast_loop_type forced = isl_ast_loop_default;

static __isl_give isl_schedule_node *force_band(
	__isl_take isl_schedule_node *node, void *user)
{
	isl_size k, i;

	(void) user;
	if (isl_schedule_node_get_type(node) != isl_schedule_node_band)
		return node;
	k = isl_schedule_node_band_n_member(node);
	for (i = 0; i < k; ++i)
		node = isl_schedule_node_band_member_set_ast_loop_type(node, i,
								forced);
	return node;
}

/* The options { [c0, ..., c(n-1)] -> name[x] : 0 <= x < n } for every
 * range space of the schedule. */
struct force_data {
	const char *name;
	isl_union_map *opt;
};

static isl_stat force_range(__isl_take isl_set *range, void *user)
{
	struct force_data *data = user;
	isl_size n = isl_set_dim(range, isl_dim_set);
	char buf[256];
	isl_map *m;

	snprintf(buf, sizeof(buf), "{ [x] -> %s[x] : 0 <= x < %d }",
		 data->name, (int) n);
	(void) buf;
	snprintf(buf, sizeof(buf), "{ %s[x] : 0 <= x < %d }", data->name, (int) n);
	m = isl_map_from_domain_and_range(
		isl_set_universe(isl_set_get_space(range)),
		isl_set_read_from_str(isl_set_get_ctx(range), buf));
	isl_set_free(range);
	data->opt = isl_union_map_union(data->opt, isl_union_map_from_map(m));
	return isl_stat_ok;
}

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long) ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static int cmp_ll(const void *a, const void *b)
{
	long long x = *(const long long *) a, y = *(const long long *) b;
	return x < y ? -1 : x > y;
}

/* Split text into at most max top-level objects, each ending with the
 * brace that closes its outermost "{". Returns the number found. */
static int split(const char *text, char **obj, int max)
{
	int k = 0, depth = 0;
	const char *start = text, *p;

	for (p = text; *p && k < max; ++p) {
		if (*p == '{')
			depth++;
		else if (*p == '}' && --depth == 0) {
			size_t len = p + 1 - start;

			obj[k] = malloc(len + 1);
			memcpy(obj[k], start, len);
			obj[k][len] = '\0';
			k++;
			start = p + 1;
		}
	}
	return k;
}

/* One generation from the text; returns the AST. */
static __isl_give isl_ast_node *generate(isl_ctx *ctx, const char *text)
{
	const char *p = text;
	int i;

	while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
		p++;
	if (!strncmp(p, "domain:", 7) || !strncmp(p, "{ domain", 8) ||
	    !strncmp(p, "{domain", 7)) {
		isl_schedule *s = isl_schedule_read_from_str(ctx, text);
		isl_ast_build *build;
		isl_ast_node *node;

		if (!s)
			return NULL;
		if (forced != isl_ast_loop_default)
			s = isl_schedule_map_schedule_node_bottom_up(s,
							&force_band, NULL);
		build = isl_ast_build_alloc(ctx);
		node = isl_ast_build_node_from_schedule(build, s);
		isl_ast_build_free(build);
		return node;
	} else {
		char *obj[3] = { NULL, NULL, NULL };
		isl_union_map *sched, *opt = NULL;
		isl_set *context = NULL;
		isl_ast_build *build;
		isl_ast_node *node;
		int k = split(text, obj, 3);

		if (k < 1)
			return NULL;
		sched = isl_union_map_read_from_str(ctx, obj[0]);
		if (k > 1)
			context = isl_set_read_from_str(ctx, obj[1]);
		if (k > 2)
			opt = isl_union_map_read_from_str(ctx, obj[2]);
		for (i = 0; i < 3; ++i)
			free(obj[i]);
		if (!sched)
			return NULL;
		if (!context)
			context = isl_set_universe(isl_space_params_alloc(ctx, 0));
		build = isl_ast_build_from_context(context);
		if (forced != isl_ast_loop_default) {
			struct force_data data;

			data.name = forced == isl_ast_loop_separate ?
						"separate" : "atomic";
			data.opt = isl_union_map_empty(
				isl_union_map_get_space(sched));
			isl_union_set *ranges = isl_union_map_range(
				isl_union_map_copy(sched));
			isl_union_set_foreach_set(ranges, &force_range, &data);
			isl_union_set_free(ranges);
			isl_union_map_free(opt);
			opt = data.opt;
		}
		if (opt)
			build = isl_ast_build_set_options(build, opt);
		node = isl_ast_build_node_from_schedule_map(build, sched);
		isl_ast_build_free(build);
		return node;
	}
}

int main(int argc, char **argv)
{
	const char *path = NULL;
	int reps = 0, i;
	char *text;
	isl_ctx *ctx;
	isl_ast_node *node;
	isl_printer *pr;
	FILE *f = stdin;

	for (i = 1; i < argc; ++i) {
		if (!strcmp(argv[i], "--separate"))
			forced = isl_ast_loop_separate;
		else if (!strcmp(argv[i], "--atomic"))
			forced = isl_ast_loop_atomic;
		else if (!strcmp(argv[i], "--time") && i + 1 < argc)
			reps = atoi(argv[++i]);
		else
			path = argv[i];
	}
	if (path && strcmp(path, "-")) {
		f = fopen(path, "r");
		if (!f) {
			perror(path);
			return 1;
		}
	}
	text = slurp(f);
	ctx = isl_ctx_alloc();
	isl_options_set_on_error(ctx, ISL_ON_ERROR_WARN);
	if (reps > 0) {
		long long *t = calloc(reps, sizeof(*t));

		for (i = 0; i < reps; ++i) {
			long long t0 = now_ns();
			isl_ast_node_free(generate(ctx, text));
			t[i] = now_ns() - t0;
		}
		qsort(t, reps, sizeof(*t), &cmp_ll);
		fprintf(stderr, "%lld\n", t[reps / 2]);
		free(t);
	}
	node = generate(ctx, text);
	if (!node) {
		fprintf(stderr, "islref: generation failed\n");
		isl_ctx_free(ctx);
		return 1;
	}
	pr = isl_printer_to_file(ctx, stdout);
	pr = isl_printer_set_output_format(pr, ISL_FORMAT_C);
	pr = isl_ast_node_print(node, pr, isl_ast_print_options_alloc(ctx));
	isl_printer_free(pr);
	isl_ast_node_free(node);
	isl_ctx_free(ctx);
	free(text);
	return 0;
}
