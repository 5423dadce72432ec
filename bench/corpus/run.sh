#!/usr/bin/env bash
# run.sh: run tessera's flows over a directory of C programs and check each
# output against the original program.
#
# usage: bench/corpus/run.sh [-o OUTDIR] [-f "default parallel autoscop"] [-s] DIR [FILE.c ...]
#
# DIR holds self-contained C programs (a main() that prints its results
# deterministically); subdirectories are searched too. Headers beside a file
# are found through -I of its directory. A file may carry its own gcc flags
# and command-line arguments in comments anywhere in it:
#     /* corpus-cflags: -DN=100 */     /* corpus-args: 10 20 */
# With FILE.c arguments after DIR, only those files (paths relative to DIR or
# absolute) are run.
#
# For every program and flow it records: tessera's exit status and run time,
# a panic or Go stack trace, its diagnostics (error/warning/note counts and
# the first lines), whether gcc compiles the output, whether the output's run
# prints exactly what the original prints, and runs over the time limit.
# Verdicts:
#   SAME       output prints the original's bytes
#   FPDIFF     numbers differ only in the last printed digit (accepted for the
#              default vector flow only; any other flow gets WRONG)
#   VECREASSOC numbers differ beyond the last digit, and the same flow with
#              --novectorize prints the original's bytes: the vector code's
#              documented reassociation of a sum (--explain says where)
#   WRONG      output prints something else, or fails where the original ran
#   NOCOMPILE  gcc rejects tessera's output
#   PANIC      tessera printed a Go panic or stack trace
#   TIMEOUT    tessera or the output's run went over the limit
#   TFAIL      tessera exited with status 2 or more, or wrote no output
#   ORIGFAIL   the original itself does not compile or run (skipped)
# and whether the output differs from the input at all (optimized=yes/no).
#
# Results go to OUTDIR/results.tsv (one line per program and flow) and
# OUTDIR/summary.txt; outputs, logs and binaries stay under OUTDIR/work.
# With -s, the programs are also timed (also those tessera left unchanged): the original built
# with gcc -O3 -march=native against the output built with the same flags and
# -fopenmp, medians of 3 runs, reported as a ratio (and both times: ratios
# of runs much shorter than a second are mostly noise). With -s and a clang
# with Polly (POLLY, default clang-19 when its LLVMPolly.so is installed),
# the original built with POLLY -O3 -march=native -mllvm -polly (column
# polly) and with -mllvm -polly-parallel -fopenmp added (column pollypar) is
# timed the same way, once per program (its rows repeat it), as ratios over
# the gcc baseline; "-" when clang is missing or fails.
#
# Environment: TESSERA (default: tessera on PATH), TIMEMODE (cpu or wall, for
# -s), POLLY (clang-19; empty: no Polly columns), CC (gcc), CFLAGS
# (-O2 -fopenmp), LDLIBS (-lm), TLIMIT (60, seconds for each tessera run and
# each program run), NICE (10).
#
# The script downloads and builds nothing but the given files and tessera's
# outputs.
set -u

OUT=corpus-out
FLOWS="default parallel autoscop"
SPEED=0
while getopts "o:f:s" opt; do
	case $opt in
	o) OUT=$OPTARG ;;
	f) FLOWS=$OPTARG ;;
	s) SPEED=1 ;;
	*) echo "usage: $0 [-o OUTDIR] [-f FLOWS] [-s] DIR [FILE.c ...]" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
if [ $# -lt 1 ] || [ ! -d "$1" ]; then
	echo "usage: $0 [-o OUTDIR] [-f FLOWS] [-s] DIR [FILE.c ...]" >&2
	exit 2
fi
DIR=$1
shift

TESSERA=${TESSERA:-tessera}
CC=${CC:-gcc}
CFLAGS=${CFLAGS:--O2 -fopenmp}
LDLIBS=${LDLIBS:--lm}
TLIMIT=${TLIMIT:-60}
NICE=${NICE:-10}
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-2}
if [ -z "${POLLY+x}" ]; then
	POLLY=""
	command -v clang-19 >/dev/null 2>&1 && [ -e /usr/lib/llvm-19/lib/LLVMPolly.so ] && POLLY=clang-19
fi

mkdir -p "$OUT/work" || exit 2
RES=$OUT/results.tsv
printf 'file\tflow\tverdict\toptimized\ttessera_rc\ttessera_s\tcompile\trun\terrors\twarnings\tnotes\tspeedup\tfirst_diagnostic\tpolly\tpollypar\n' >"$RES"

if [ $# -gt 0 ]; then
	FILES=()
	for f in "$@"; do
		case $f in /*) FILES+=("$f") ;; *) FILES+=("$DIR/$f") ;; esac
	done
else
	mapfile -t FILES < <(find "$DIR" -name '*.c' ! -name '*.tessera.c' | sort)
fi

# flowflags FLOW: tessera's flags for a flow name.
flowflags() {
	case $1 in
	default) echo "" ;;
	parallel) echo "--parallel" ;;
	autoscop) echo "--autoscop" ;;
	scalar) echo "--novectorize" ;;
	*) echo "$1" | tr '+' ' ' ;;
	esac
}

# magic FILE KEY: the value of a /* corpus-KEY: ... */ comment.
magic() {
	sed -n "s|.*corpus-$2:[[:space:]]*\\(.*\\)\\*/.*|\\1|p" "$1" | head -1
}

# runprog BIN ARGS... > out: run with the time limit; prints status.
runprog() {
	local bin=$1
	shift
	timeout "$TLIMIT" nice -n "$NICE" "$bin" "$@"
}

# samefp A B: status 0 when the two outputs differ only in the last printed
# digit of some numbers.
samefp() {
	python3 - "$1" "$2" <<'PY'
import re, sys
a = open(sys.argv[1], errors='replace').read().split()
b = open(sys.argv[2], errors='replace').read().split()
if len(a) != len(b):
    sys.exit(1)
num = re.compile(r'^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$')
def ulp(t):
    m = num.match(t)
    mant, exp = m.group(1), m.group(2)
    e = int(exp[1:]) if exp else 0
    dec = len(mant.split('.')[1]) if '.' in mant else 0
    return 10.0 ** (e - dec)
for x, y in zip(a, b):
    if x == y:
        continue
    if not (num.match(x) and num.match(y)):
        sys.exit(1)
    if abs(float(x) - float(y)) > 2 * max(ulp(x), ulp(y)):
        sys.exit(1)
sys.exit(0)
PY
}

# numonly A B: status 0 when the outputs have the same words except numbers.
numonly() {
	python3 - "$1" "$2" <<'PY'
import re, sys
a = open(sys.argv[1], errors='replace').read().split()
b = open(sys.argv[2], errors='replace').read().split()
num = re.compile(r'^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$')
ok = len(a) == len(b) and all(x == y or (num.match(x) and num.match(y)) for x, y in zip(a, b))
sys.exit(0 if ok else 1)
PY
}

# novec FLOW FILE WORK XCFLAGS INC: status 0 when the flow with --novectorize
# prints the original's bytes (a difference then comes from the vector
# code's documented reassociation of sums).
novec() {
	local o=$3/$1.novec.c
	# shellcheck disable=SC2046
	timeout "$TLIMIT" nice -n "$NICE" "$TESSERA" opt $(flowflags "$1") --novectorize "$2" -o "$o" >/dev/null 2>&1 || [ -f "$o" ] || return 1
	# shellcheck disable=SC2086
	nice -n "$NICE" "$CC" $CFLAGS $4 "$5" "$o" -o "$3/$1.novec.bin" $LDLIBS >/dev/null 2>&1 || return 1
	runprog "$3/$1.novec.bin" "${xargs_[@]}" >"$3/$1.novec.out" 2>/dev/null
	cmp -s "$3/orig.out" "$3/$1.novec.out"
}

# timeit BIN ARGS...: median of 3 runs, in seconds: user+system CPU time on
# one OpenMP thread (TIMEMODE=cpu, the default: steadier on a loaded machine;
# with more threads, threads spinning at barriers would count; it shows no
# OpenMP speedup) or wall-clock time with OMP_NUM_THREADS threads
# (TIMEMODE=wall).
timeit() {
	local t=() out
	for _ in 1 2 3; do
		if [ "${TIMEMODE:-cpu}" = wall ]; then
			out=$( { /usr/bin/env TIMEFORMAT='%R %U %S' bash -c 'time "$@" >/dev/null 2>&1' _ timeout "$TLIMIT" "$@"; } 2>&1 | tail -1)
		else
			out=$( { /usr/bin/env OMP_NUM_THREADS=1 TIMEFORMAT='%R %U %S' bash -c 'time "$@" >/dev/null 2>&1' _ timeout "$TLIMIT" "$@"; } 2>&1 | tail -1)
		fi
		if [ "${TIMEMODE:-cpu}" = wall ]; then
			t+=("$(echo "$out" | awk '{ print $1 }')")
		else
			t+=("$(echo "$out" | awk '{ print $2 + $3 }')")
		fi
	done
	printf '%s\n' "${t[@]}" | sort -g | sed -n 2p
}

# ratio BASE T: BASE / T as "1.23(BASEs/Ts)", or "-".
ratio() {
	echo "$1 $2" | awk '{ if ($2 > 0) printf "%.2f(%.3fs/%.3fs)", $1 / $2, $1, $2; else print "-" }'
}

for f in "${FILES[@]}"; do
	rel=${f#"$DIR"/}
	name=$(echo "${rel%.c}" | tr '/' '_')
	w=$OUT/work/$name
	mkdir -p "$w"
	xcflags=$(magic "$f" cflags)
	read -r -a xargs_ <<<"$(magic "$f" args)"
	inc=-I$(dirname "$f")
	# The original: the reference output.
	# shellcheck disable=SC2086
	if ! nice -n "$NICE" "$CC" $CFLAGS $xcflags "$inc" "$f" -o "$w/orig" $LDLIBS >"$w/orig.cc.log" 2>&1; then
		for fl in $FLOWS; do
			printf '%s\t%s\tORIGFAIL\t-\t-\t-\t-\t-\t-\t-\t-\t-\toriginal does not compile\t-\t-\n' "$rel" "$fl" >>"$RES"
		done
		continue
	fi
	runprog "$w/orig" "${xargs_[@]}" >"$w/orig.out" 2>"$w/orig.err"
	orc=$?
	tbase=""
	if [ "$SPEED" = 1 ]; then
		# shellcheck disable=SC2086
		nice -n "$NICE" "$CC" -O3 -march=native $xcflags "$inc" "$f" -o "$w/orig.O3" $LDLIBS >/dev/null 2>&1 &&
			tbase=$(timeit "$w/orig.O3" "${xargs_[@]}")
	fi
	# The competitor: the original under clang with Polly, sequential and
	# parallel (ratios over the gcc baseline).
	tpolly=-
	tpollypar=-
	if [ "$SPEED" = 1 ] && [ -n "$tbase" ] && [ -n "$POLLY" ]; then
		# shellcheck disable=SC2086
		nice -n "$NICE" "$POLLY" -O3 -march=native -mllvm -polly $xcflags "$inc" "$f" -o "$w/orig.polly" $LDLIBS >/dev/null 2>&1 &&
			tpolly=$(ratio "$tbase" "$(timeit "$w/orig.polly" "${xargs_[@]}")")
		# shellcheck disable=SC2086
		nice -n "$NICE" "$POLLY" -O3 -march=native -fopenmp -mllvm -polly -mllvm -polly-parallel $xcflags "$inc" "$f" -o "$w/orig.pollypar" $LDLIBS >/dev/null 2>&1 &&
			tpollypar=$(ratio "$tbase" "$(timeit "$w/orig.pollypar" "${xargs_[@]}")")
	fi
	for fl in $FLOWS; do
		o=$w/$fl.c
		rm -f "$o"
		# shellcheck disable=SC2046
		s=$(date +%s.%N)
		timeout "$TLIMIT" nice -n "$NICE" "$TESSERA" opt $(flowflags "$fl") "$f" -o "$o" >"$w/$fl.tlog" 2>&1
		trc=$?
		e=$(date +%s.%N)
		tsec=$(printf '%.2f' "$(echo "$e - $s" | bc -l)")
		nerr=$(grep -c ': error:' "$w/$fl.tlog")
		nwarn=$(grep -c ': warning:' "$w/$fl.tlog")
		nnote=$(grep -c ': note:' "$w/$fl.tlog")
		diag=$(grep -m1 -E ': (error|warning):' "$w/$fl.tlog" | cut -c1-300 | tr '\t' ' ')
		opt=no
		[ -f "$o" ] && ! cmp -s "$f" "$o" && opt=yes
		cc=-
		run=-
		sp=-
		verdict=""
		if grep -qE '^panic:|^goroutine [0-9]+|runtime error:|^fatal error:' "$w/$fl.tlog"; then
			verdict=PANIC
			diag=$(grep -m1 -E 'panic|runtime error|fatal error' "$w/$fl.tlog" | cut -c1-300 | tr '\t' ' ')
		elif [ $trc = 124 ] || [ $trc = 137 ]; then
			verdict=TIMEOUT
			diag="tessera ran over ${TLIMIT}s"
		elif [ $trc -ge 2 ] || [ ! -f "$o" ]; then
			verdict=TFAIL
			[ -z "$diag" ] && diag=$(head -c 300 "$w/$fl.tlog" | tr '\t\n' '  ')
		fi
		if [ -z "$verdict" ]; then
			# shellcheck disable=SC2086
			if nice -n "$NICE" "$CC" $CFLAGS $xcflags "$inc" "$o" -o "$w/$fl.bin" $LDLIBS >"$w/$fl.cc.log" 2>&1; then
				cc=ok
				runprog "$w/$fl.bin" "${xargs_[@]}" >"$w/$fl.out" 2>"$w/$fl.err"
				rrc=$?
				run=$rrc
				if [ $rrc = 124 ] && [ $orc != 124 ]; then
					verdict=TIMEOUT
					diag="output ran over ${TLIMIT}s"
				elif [ $rrc != "$orc" ]; then
					verdict=WRONG
					diag="exit status $rrc, original $orc"
				elif cmp -s "$w/orig.out" "$w/$fl.out"; then
					verdict=SAME
				elif samefp "$w/orig.out" "$w/$fl.out"; then
					if [ "$fl" = default ]; then verdict=FPDIFF; else verdict=WRONG; fi
					diag="last-digit differences: $(diff "$w/orig.out" "$w/$fl.out" | grep -m1 '^>' | cut -c1-120)"
				else
					verdict=WRONG
					diag="output differs: $(diff "$w/orig.out" "$w/$fl.out" | grep -m1 '^>' | cut -c1-120)"
				fi
				if [ "$verdict" = WRONG ] && [ "$rrc" = "$orc" ] && numonly "$w/orig.out" "$w/$fl.out" && novec "$fl" "$f" "$w" "$xcflags" "$inc"; then
					verdict=VECREASSOC
					diag="numbers differ, and --novectorize prints the original's: $(diff "$w/orig.out" "$w/$fl.out" | grep -m1 '^>' | cut -c1-100)"
				fi
			else
				cc=fail
				verdict=NOCOMPILE
				diag=$(grep -m1 'error' "$w/$fl.cc.log" | cut -c1-300 | tr '\t' ' ')
			fi
		fi
		if [ "$SPEED" = 1 ] && [ -n "$tbase" ] && { [ "$verdict" = SAME ] || [ "$verdict" = FPDIFF ] || [ "$verdict" = VECREASSOC ]; }; then
			# shellcheck disable=SC2086
			if nice -n "$NICE" "$CC" -O3 -march=native -fopenmp $xcflags "$inc" "$o" -o "$w/$fl.O3" $LDLIBS >/dev/null 2>&1; then
				tt=$(timeit "$w/$fl.O3" "${xargs_[@]}")
				sp=$(ratio "$tbase" "$tt")
			fi
		fi
		diag=$(printf '%s' "$diag" | tr '\t\n' '  ')
		printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$rel" "$fl" "$verdict" "$opt" "$trc" "$tsec" "$cc" "$run" "$nerr" "$nwarn" "$nnote" "$sp" "$diag" "$tpolly" "$tpollypar" >>"$RES"
		printf '%-40s %-9s %-9s opt=%s rc=%s %ss %s\n' "$rel" "$fl" "$verdict" "$opt" "$trc" "$tsec" "${diag:0:100}"
	done
done

{
	echo "per flow: verdicts (programs)"
	awk -F'\t' 'NR > 1 { n[$2 "\t" $3]++ } END { for (k in n) print k "\t" n[k] }' "$RES" | sort
	echo
	echo "per flow: optimized (output differs from input) / unchanged"
	awk -F'\t' 'NR > 1 && $3 != "ORIGFAIL" { n[$2 "\topt=" $4]++ } END { for (k in n) print k "\t" n[k] }' "$RES" | sort
	echo
	echo "speedups over gcc -O3 -march=native (original), per flow: median"
	awk -F'\t' 'NR > 1 && $12 != "-" { sub(/\(.*/, "", $12); print $2, $12 }' "$RES" | sort -k1,1 -k2,2g |
		awk '{ v[$1] = v[$1] " " $2; c[$1]++ } END { for (k in v) { split(substr(v[k], 2), a, " "); print k, "n=" c[k], "median=" a[int((c[k] + 1) / 2)], "all:" v[k] } }'
	echo
	echo "geometric means of the speedups over gcc -O3 -march=native, per flow and for Polly"
	awk -F'\t' 'NR > 1 && $12 != "-" { sub(/\(.*/, "", $12); if ($12 > 0) { l[$2] += log($12); c[$2]++ } }
		NR > 1 && $14 != "-" && !(($1) in p) { p[$1] = 1; sub(/\(.*/, "", $14); if ($14 > 0) { l["polly"] += log($14); c["polly"]++ } }
		NR > 1 && $15 != "-" && !(($1) in q) { q[$1] = 1; sub(/\(.*/, "", $15); if ($15 > 0) { l["pollypar"] += log($15); c["pollypar"]++ } }
		END { for (k in l) printf "%s n=%d geomean=%.2f\n", k, c[k], exp(l[k] / c[k]) }' "$RES" | sort
} >"$OUT/summary.txt"
cat "$OUT/summary.txt"
bad=$(awk -F'\t' 'NR > 1 && ($3 == "WRONG" || $3 == "NOCOMPILE" || $3 == "PANIC" || $3 == "TIMEOUT" || $3 == "TFAIL")' "$RES" | wc -l)
[ "$bad" = 0 ]
