#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# ci/prove.sh — proves the limb bounds of the 32-bit generic C rows
# (docs/prove.md): Frama-C's WP, with its run-time-error annotations (every
# signed and unsigned operation must fit its type, every signed conversion,
# every memory access be valid), proves the ACSL contracts of the functions
# PROVE_UNITS of sources.bzl names, with the provers CVC4 and Z3.
#
#   ci/prove.sh [--full | --update-cache] [--timeout S] [--jobs N] [--counts FILE]
#   ci/prove.sh --plant NAME [--full] [--timeout S] [--jobs N]
#
# Prints one line per proof obligation ("proved" or "NOT PROVED", the file,
# the function, the obligation, the prover and its time, and "cache" when
# the prover's verdict came from the proof cache) and ends "N proved, M not
# proved". Exit status: 0 all proved; 1 some not proved; 2 usage, install,
# cache or Frama-C error (a unit that did not run is never reported as
# proved).
# The proof cache (docs/prove.md): ci/prove-cache/ holds WP's cache
# entries, each a prover's verdict on one goal, keyed by the digest of the
# goal's text as the prover reads it, and MACS, an HMAC of each entry under
# a key kept outside the repository (--key). By default the entries whose
# HMAC is right answer for their goals; every other goal (changed code,
# contract or tool version, an entry edited by hand) goes to the provers.
# Without the key no entry is used: every goal goes to the provers.
# --full: no cache, every goal goes to the provers.
# --update-cache: every goal goes to the provers, and ci/prove-cache/ is
#   replaced by this run's verdicts, signed with the key (maintainers run it
#   and commit the result; nothing else writes into the tree).
# --key FILE: the cache key (default $ZINC_PROVE_KEY, else
#   ~/.config/zinc/prove-cache.key): at least 32 bytes, e.g. from
#   `head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n'`.
# --cache-dir DIR: the cache (default ci/prove-cache).
# --plant NAME: a planted bound violation of PROVE_PLANTED_BUGS (a patch in
#   fuzz/planted/patches/, as the fuzz targets' planted bugs are) is applied
#   to a copy of the tree and its function proved again; exit 0 when some
#   obligation of that function is not proved (caught), 1 when all are.
# --timeout S: each prover's time limit per obligation (default 60 s; the
#   hardest obligations take a few seconds on an idle core, ten times that
#   on a loaded one).
# --jobs N: Frama-C runs at once, each with one prover (default: the
#   number of CPUs).
# --counts FILE: writes "units-proved units-not assertions-proved not" for
#   ci/test.sh.
set -uo pipefail
ZINC_ROOT=$(cd "$(dirname "$0")/.." && pwd)
. "$ZINC_ROOT/ci/lib.sh"
ZINC_PROG=ci/prove.sh

timeout=60 jobs=$(nproc) counts= plant= mode=gate
key=${ZINC_PROVE_KEY:-${HOME:-/root}/.config/zinc/prove-cache.key}
cachedir=$ZINC_ROOT/ci/prove-cache
while [ $# -gt 0 ]; do
	case "$1" in
	--timeout) [[ "${2:-}" =~ ^[0-9]+$ ]] || zinc_die "--timeout wants seconds"; timeout=$2; shift ;;
	--jobs) [[ "${2:-}" =~ ^[1-9][0-9]*$ ]] || zinc_die "--jobs wants a number"; jobs=$2; shift ;;
	--counts) [ $# -ge 2 ] || zinc_die "--counts needs a file"; counts=$2; shift ;;
	--plant) [ $# -ge 2 ] || zinc_die "--plant needs a planted violation's name"; plant=$2; shift ;;
	--full) [ "$mode" = gate ] || zinc_die "--full and --update-cache exclude each other"; mode=full ;;
	--update-cache) [ "$mode" = gate ] || zinc_die "--full and --update-cache exclude each other"; mode=update ;;
	--key) [ $# -ge 2 ] || zinc_die "--key needs a file"; key=$2; shift ;;
	--cache-dir) [ $# -ge 2 ] || zinc_die "--cache-dir needs a directory"; cachedir=$2; shift ;;
	-h | --help) sed -n '2,/^set -uo/p' "$0" | sed -n 's/^# \{0,1\}//p'; exit 0 ;;
	*) zinc_die "unknown argument $1 (ci/prove.sh --help)" ;;
	esac
	shift
done

[ "$mode" = update ] && [ -n "$plant" ] && zinc_die "--update-cache proves the tree as it is, not with --plant"
case "$cachedir" in /*) ;; *) cachedir=$PWD/$cachedir ;; esac
zinc_need frama-c-base why3 cvc4 z3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Why3 finds the provers installed here; its configuration stays in $tmp.
export WHY3CONFIG=$tmp/why3.conf
why3 config detect >"$tmp/why3-detect.log" 2>&1 ||
	{ cat "$tmp/why3-detect.log"; zinc_die "why3 config detect failed"; }
unset FRAMAC_WP_CACHE FRAMAC_WP_CACHEDIR

# The cache. Its entries are bound to the tools and the timeout: another
# version of any of them, and no entry authenticates.
tools="Frama-C $(frama-c -version); $(why3 --version 2>&1 | head -1); $(cvc4 --version 2>&1 | head -1); $(z3 --version 2>&1 | head -1); timeout $timeout"
case $mode in
full) cache=(-wp-cache none); echo "cache: none (--full), every goal goes to the provers" ;;
update)
	[ -r "$key" ] || zinc_die "--update-cache signs the cache with the key $key, which is missing (--key, docs/prove.md)"
	mkdir "$tmp/cache"
	cache=(-wp-cache rebuild -wp-cache-dir "$tmp/cache")
	echo "cache: rebuilt from this run into $cachedir" ;;
gate)
	if [ -r "$key" ]; then
		python3 "$ZINC_ROOT/ci/prove_cache.py" verify "$key" "$tools" "$cachedir" "$tmp/cache" ||
			zinc_die "the proof cache $cachedir is malformed (above); --full proves without it"
		# replay: a goal with an entry takes its verdict, every other goal
		# goes to the provers, and nothing is written.
		cache=(-wp-cache replay -wp-cache-dir "$tmp/cache")
	else
		[ -f "$cachedir/MACS" ] || zinc_die "no proof cache at $cachedir (its MACS is missing); --full proves without it"
		cache=(-wp-cache none)
		echo "cache: not used (no key at $key to authenticate it): every goal goes to the provers"
	fi ;;
esac

# The units: FILE FUNCTION,FUNCTION,...
root=$ZINC_ROOT
units=$(zinc_list PROVE_UNITS) || zinc_die "sources.bzl has no PROVE_UNITS"
if [ -n "$plant" ]; then
	line=$(zinc_list PROVE_PLANTED_BUGS | awk -v n="$plant" '$1 == n')
	[ -n "$line" ] || zinc_die "unknown planted violation $plant (PROVE_PLANTED_BUGS: $(zinc_list PROVE_PLANTED_BUGS | awk '{print $1}' | tr '\n' ' '))"
	read -r _ pfile pfunc <<<"$line"
	zinc_planted_tree "$plant" "$tmp/tree" >"$tmp/plant.log" 2>&1 ||
		{ cat "$tmp/plant.log"; zinc_die "cannot apply the planted violation $plant"; }
	root=$tmp/tree
	units="$pfile $pfunc"
fi

# Each unit, and the lemmas of each file (the global facts its contracts
# rely on), is one Frama-C run; up to $jobs run at once, one prover each,
# started in PROVE_UNITS' order (the largest first).
items=()
while read -r file fcts; do
	[ -f "$root/$file" ] || zinc_die "PROVE_UNITS names $file, which does not exist"
	items+=("$file $fcts")
done <<<"$units"
if [ -z "$plant" ]; then
	for file in $(printf '%s\n' "${items[@]}" | awk '{print $1}' | sort -u); do
		grep -q '^ *lemma ' "$root/$file" && items+=("$file @lemma")
	done
fi

# prove N FILE FCTS: runs unit N, leaving its log in $tmp/N.log and its
# exit status in $tmp/N.rc.
prove() {
	local n=$1 file=$2 fcts=$3 sel t0
	if [ "$fcts" = @lemma ]; then
		sel=(-wp-prop @lemma)
	else
		# -wp-rte: every signed and unsigned overflow and every signed
		# narrowing conversion is an obligation (unsigned narrowing, such as
		# (uint32_t)d, keeps the low bits by definition and is what the code
		# means).
		sel=(-wp-rte -wp-fct "$fcts")
	fi
	t0=$(date +%s)
	# -c11 for _Static_assert. Typed+cast: the rows' state is a void * cast
	# to their own struct, which the plain Typed model does not accept.
	(cd "$root" && frama-c -c11 -cpp-extra-args="-I. -Iinclude" "$file" \
		-warn-unsigned-overflow -warn-signed-downcast \
		-wp "${sel[@]}" -wp-model Typed+cast -wp-prover cvc4,z3 \
		-wp-timeout "$timeout" -wp-par 1 -wp-status-maybe -wp-status-valid \
		"${cache[@]}") >"$tmp/$n.log" 2>&1
	echo "$? $(($(date +%s) - t0))" >"$tmp/$n.rc"
}

start=$(date +%s)
for n in "${!items[@]}"; do
	while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
	read -r file fcts <<<"${items[$n]}"
	echo "started: $file ($fcts)"
	prove "$n" "$file" "$fcts" &
done
wait

proved=0 unproved=0 units_ok=0 units_bad=0 broken=0 cached=0
for n in "${!items[@]}"; do
	read -r file fcts <<<"${items[$n]}"
	log=$tmp/$n.log
	read -r rc secs <"$tmp/$n.rc"
	echo "== $file: $fcts"
	# One obligation a line: "[wp] [PROVER] Goal NAME : Valid (...)" or
	# "[wp] [Failed] Goal NAME (...)" followed by each prover's verdict.
	awk -v file="$file" -v fcts="$fcts" '
		function fct_of(goal,   n, i, best, f) {
			sub(/^typed_cast_/, "", goal)
			if (goal ~ /^lemma_/) return "(lemma)"
			n = split(fcts, f, ","); best = "?"
			for (i = 1; i <= n; i++)
				if (index(goal, f[i] "_") == 1 && length(f[i]) > length(best == "?" ? "" : best))
					best = f[i]
			return best
		}
		function prop_of(goal, fct) {
			sub(/^typed_cast_/, "", goal)
			if (fct == "(lemma)") sub(/^lemma_/, "", goal)
			else if (fct != "?") goal = substr(goal, length(fct) + 2)
			return goal
		}
		function flush() {
			if (pending != "") {
				printf "NOT PROVED  %s  %-24s %s  (%s)\n", file, fct_of(pending), prop_of(pending, fct_of(pending)), why
				pending = ""
			}
		}
		/^\[wp\] \[[^]]*\] Goal .* : Valid/ {
			flush()
			line = $0; sub(/^\[wp\] \[/, "", line)
			prover = line; sub(/\] Goal .*/, "", prover)
			goal = line; sub(/^[^]]*\] Goal /, "", goal); sub(/ .*/, "", goal)
			t = line; sub(/.*: Valid */, "", t)
			# A verdict WP took from the cache ends "(cached)".
			from = sub(/ *\(cached\)$/, "", t) ? "  cache" : ""
			printf "proved      %s  %-24s %s  (%s %s)%s\n", file, fct_of(goal), prop_of(goal, fct_of(goal)), prover, t, from
			next
		}
		/^\[wp\] \[Failed\] Goal / { flush(); pending = $4; why = ""; next }
		pending != "" && /^  [A-Za-z0-9]/ { line = $0; sub(/^ +/, "", line); why = why (why == "" ? "" : "; ") line; next }
		/^\[/ { flush() }
		END { flush() }
	' "$log" >"$tmp/$n.goals"
	cat "$tmp/$n.goals"
	p=$(grep -c '^proved ' "$tmp/$n.goals")
	u=$(grep -c '^NOT PROVED ' "$tmp/$n.goals")
	# WP's own total must agree with the lines read: a format it changed, or a
	# run that stopped early, is an error, never a pass.
	total=$(sed -n 's/^\[wp\] Proved goals: *\([0-9]*\) *\/ *\([0-9]*\)$/\1 \2/p' "$log" | tail -1)
	[ -z "$total" ] && grep -q '^\[wp\] No proof obligations' "$log" && total="0 0"
	if [ "$rc" != 0 ] || [ -z "$total" ] || [ "$total" != "$p $((p + u))" ]; then
		grep -E 'rror|abort' "$log" | head -20
		echo "FAILED: Frama-C on $file ($fcts) did not finish as expected (exit $rc; WP said '${total:-nothing}', read $p proved of $((p + u)))"
		broken=$((broken + 1))
		continue
	fi
	c=$(grep -c '^proved .*  cache$' "$tmp/$n.goals")
	q=$(grep -c '^proved .*  (Qed' "$tmp/$n.goals")
	echo "-- $file ($fcts): $p proved ($c from the cache, $q by Qed, $((p - c - q)) by a prover now), $u not proved ($secs s)"
	cached=$((cached + c))
	cat "$tmp/$n.goals" >>"$tmp/goals"
	proved=$((proved + p)); unproved=$((unproved + u))
	if [ "$u" = 0 ]; then units_ok=$((units_ok + 1)); else units_bad=$((units_bad + 1)); fi
done

echo "$tools, ${jobs} run(s) at once, cache mode $mode: $(($(date +%s) - start)) s"
echo "$cached of the proved goals' verdicts came from the cache"
echo "$proved proved, $unproved not proved"
[ -n "$counts" ] && echo "$units_ok $((units_bad + broken)) $proved $unproved" >"$counts"
[ "$broken" = 0 ] || zinc_die "$broken Frama-C run(s) did not finish as expected (above)"
if [ "$mode" = update ]; then
	# This run's verdicts, and only they, become the cache, signed.
	mkdir -p "$cachedir" || zinc_die "cannot create $cachedir"
	rm -f "$cachedir"/*.json "$cachedir/MACS"
	cp "$tmp"/cache/*.json "$cachedir"/ 2>/dev/null
	python3 "$ZINC_ROOT/ci/prove_cache.py" sign "$key" "$tools" "$cachedir" ||
		zinc_die "cannot sign the cache in $cachedir"
	entries=("$cachedir"/*.json)
	[ -e "${entries[0]}" ] || entries=()
	echo "cache: $cachedir holds this run's ${#entries[@]} prover verdicts (commit it)"
fi
if [ -n "$plant" ]; then
	if grep -q "^NOT PROVED  $pfile  $pfunc " "$tmp/goals"; then
		echo "planted $plant caught: $pfunc in $pfile has obligations not proved"
		exit 0
	fi
	echo "planted $plant NOT caught: every obligation of $pfunc in $pfile was proved"
	exit 1
fi
[ "$unproved" = 0 ]
