#!/bin/bash
# SPDX-License-Identifier: MIT
# Test of ci/fuzz.sh --continuous (run by ci/test.sh, a few minutes on a loaded machine):
#  1. a short run over the poly1305 target built with the planted bug
#     POLY1305_CARRY crashes many times and files every crash under exactly
#     one signature (its culprit: poly1305-donna64, outvoted by the other
#     rows and the oracles), with a testcase, its diagnosis, a status file
#     and an HTML report;
#  2. a second run resumes from the first run's corpus and adds to the same
#     signature's count;
#  3. SIGTERM stops a run without a time limit cleanly, everything written;
#  4. AFL++ (-e afl) on the same work folder: it starts from the libFuzzer
#     runs' corpus, finds the planted bug and files its crashes under the
#     same signature; a run without a time limit resumes AFL++'s own queue
#     (-i -) and SIGINT stops it with queue and corpus kept; libFuzzer
#     after it folds the AFL++ queues into the work corpus;
#  5. bad input (a foreign work folder, an unknown option or planted bug,
#     a work folder that cannot be created, a target that fails to build)
#     gives one line and exit 2.
set -u
cd "$(dirname "$0")/.." || exit 2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/zinc-continuous-test.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
export ZINC_FUZZ_OUT=$tmp
fails=0 checks=0
check() { # check DESCRIPTION COMMAND...
	checks=$((checks + 1))
	if "${@:2}"; then echo "ok: $1"; else echo "FAIL: $1"; fails=$((fails + 1)); fi
}
status=$tmp/plant-POLY1305_CARRY/status.json
# py EXPR: evaluates a Python expression over s = status.json.
py() { python3 -c "import json,sys; s=json.load(open('$status')); sys.exit(0 if ($1) else 1)"; }
val() { python3 -c "import json; s=json.load(open('$status')); print($1)"; }
run() { ci/fuzz.sh --continuous -j 1 --minimize-time 3 --plant POLY1305_CARRY "$@" poly1305; }
# interrupt SIGNAL LOG PATTERN SECS [ARGS...]: a run without a time limit,
# sent SIGNAL SECS seconds after PATTERN shows in LOG; sets code and
# elapsed (seconds from the signal to the end). fuzz.sh itself runs in the
# background (it execs the Python bookkeeper), so that the signal goes to
# it and not to a subshell (which would also ignore SIGINT).
interrupt() {
	local sig=$1 log=$2 pattern=$3 secs=$4 pid start
	shift 4
	ci/fuzz.sh --continuous -j 1 --minimize-time 3 --plant POLY1305_CARRY "$@" poly1305 >"$log" 2>&1 &
	pid=$!
	# Until it fuzzes: the planted build and the corpus merge come first,
	# and on a loaded machine they alone can take over a minute.
	for _ in $(seq 600); do
		grep -q "$pattern" "$log" 2>/dev/null && break
		kill -0 "$pid" 2>/dev/null || break
		sleep 1
	done
	sleep "$secs"
	start=$(date +%s)
	kill "-$sig" "$pid"
	wait "$pid"
	code=$?
	elapsed=$(($(date +%s) - start))
	cat "$log"
}

run -t 8 >"$tmp/run1.log" 2>&1
code=$?
cat "$tmp/run1.log"
check "first run exits 1 (crashes found)" [ "$code" = 1 ]
check "status.json written and not running" py 'not s["running"]'
check "several crashes" py 's["crashes_this_run"] >= 2'
check "exactly one signature" py 'len(s["signatures"]) == 1'
check "signature is the planted row, the culprit" \
	py 's["signatures"][0]["signature"] == "poly1305 | culprit poly1305-donna64" and s["signatures"][0]["target"] == "poly1305"'
check "its count equals the crashes seen" py 's["signatures"][0]["count"] == s["crashes_this_run"]'
tc=$(val 's["signatures"][0]["testcase"]')
check "testcase kept" [ -s "$tc" ]
check "diagnosis kept" grep -q 'zinc fuzz MISMATCH' "${tc%/*}/diagnosis.txt"
check "new signature announced" grep -q 'NEW CRASH SIGNATURE' "$tmp/run1.log"
check "report.html has the plots and the signature" \
	grep -q "<svg.*$(val 's["signatures"][0]["id"]')" <(tr -d '\n' <"$tmp/plant-POLY1305_CARRY/report.html")
corpus=$(val 's["targets"]["poly1305"]["corpus"]')
count1=$(val 's["signatures"][0]["count"]')
execs1=$(val 's["targets"]["poly1305"]["execs"]')
check "a working corpus ($corpus files)" [ "$corpus" -gt 0 ]

run -t 5 >"$tmp/run2.log" 2>&1
code=$?
cat "$tmp/run2.log"
check "second run exits 1" [ "$code" = 1 ]
check "second run resumed the corpus" grep -q "poly1305: resuming from $corpus corpus files" "$tmp/run2.log"
check "still exactly one signature, count grew" \
	py "len(s['signatures']) == 1 and s['signatures'][0]['count'] > $count1"
check "no new signature announced" bash -c "! grep -q 'NEW CRASH SIGNATURE' '$tmp/run2.log'"
check "execs add up over runs, two runs counted" \
	py "s['targets']['poly1305']['execs'] > $execs1 and s['targets']['poly1305']['runs'] == 2"

interrupt TERM "$tmp/run3.log" 'corpus merged' 5
check "SIGTERM: stopped within 30 s, exit 1" [ "$elapsed" -le 30 -a "$code" = 1 ]
check "SIGTERM: status says stopped, three runs" py 'not s["running"] and s["targets"]["poly1305"]["runs"] == 3'
check "SIGTERM: run end logged" [ "$(grep -c 'run ends' "$tmp/plant-POLY1305_CARRY/work/continuous.log")" = 3 ]

# AFL++ on the same work folder.
wdir=$tmp/plant-POLY1305_CARRY/work/poly1305
files() { find "$wdir/$1" -maxdepth 1 -type f -name "${2:-*}" | wc -l; }
# The features (libFuzzer's ft) the work corpus covers: a merge may drop
# files, never features.
features() {
	"$tmp/plant-build/POLY1305_CARRY/poly1305_fuzzer" -runs=0 "$wdir/corpus" 2>&1 |
		sed -n 's/.*INITED .*ft: \([0-9]*\).*/\1/p' | tail -n 1
}
corpus=$(files corpus)
count3=$(val 's["signatures"][0]["count"]')
sid=$(val 's["signatures"][0]["id"]')
afl() { ci/fuzz.sh --continuous -e afl -j 1 --minimize-time 3 --plant POLY1305_CARRY "$@" poly1305; }
afl -t 15 >"$tmp/afl1.log" 2>&1
code=$?
cat "$tmp/afl1.log"
check "AFL++: exits 1 (crashes found)" [ "$code" = 1 ]
check "AFL++: starts from the libFuzzer runs' corpus ($corpus files)" \
	grep -q "poly1305: resuming from $corpus corpus files" "$tmp/afl1.log"
check "AFL++: a fresh main instance" grep -q "AFL++ main, from the work corpus" "$tmp/afl1.log"
check "AFL++: saved crashes of its own" py 's["targets"]["poly1305"]["afl_saved_crashes"] >= 1'
check "AFL++: its crashes filed, none left in its folders" [ "$(find "$wdir/afl" -path '*/crashes*/id:*' | wc -l)" = 0 ]
check "AFL++: still exactly one signature, the libFuzzer runs' one, count grew" \
	py "len(s['signatures']) == 1 and s['signatures'][0]['id'] == '$sid' and s['signatures'][0]['count'] > $count3"
check "AFL++: status from its stats (execs, edges, bitmap, queue)" \
	py "s['engine'] == 'AFL++' and s['targets']['poly1305']['execs'] > $execs1 and s['targets']['poly1305']['coverage'] > 0 and s['targets']['poly1305']['bitmap'].endswith('%') and s['targets']['poly1305']['corpus'] > 0"
check "report.html names the engine and AFL++ coverage" \
	bash -c "grep -q 'Engine: <b>AFL++' '$tmp/plant-POLY1305_CARRY/report.html' && grep -q 'edges (bitmap ' '$tmp/plant-POLY1305_CARRY/report.html'"

queue=$(files afl/main/queue 'id:*')
ft=$(features)
execs2=$(val 's["targets"]["poly1305"]["execs"]')
interrupt INT "$tmp/afl2.log" 'AFL++ main;' 8 -e afl
check "AFL++: resumes its own queue ($queue entries) with -i -" \
	bash -c "grep -q 'resuming its own queue (-i -): main' '$tmp/afl2.log' && grep -q 'will attempt session resume' '$wdir/afl-main.log'"
check "AFL++ SIGINT: stopped within 40 s, exit 0 or 1" [ "$elapsed" -le 40 -a "$code" -le 1 ]
check "AFL++ SIGINT: status says stopped, execs carried on" \
	py "not s['running'] and s['targets']['poly1305']['state'] == 'stopped' and s['targets']['poly1305']['execs'] >= $execs2"
check "AFL++ SIGINT: no afl-fuzz left running" bash -c "! pgrep -f '^afl-fuzz .*$wdir' >/dev/null"
ft2=$(features)
check "AFL++ SIGINT: queue kept ($queue -> $(files afl/main/queue 'id:*') entries), work corpus kept (features $ft -> $ft2)" \
	[ "$(files afl/main/queue 'id:*')" -ge "$queue" -a -n "$ft" -a "${ft2:-0}" -ge "${ft:-1}" ]

run -t 3 >"$tmp/run4.log" 2>&1
cat "$tmp/run4.log"
check "libFuzzer after AFL++ folds the AFL++ queues into the work corpus" \
	grep -q 'corpus merged: .*the AFL++ queues' "$tmp/run4.log"

mkdir -p "$tmp/foreign" && echo data >"$tmp/foreign/file"
ci/fuzz.sh --continuous -t 5 -w "$tmp/foreign" poly1305 >"$tmp/bad.log" 2>&1
code=$?
check "foreign work folder: exit 2" [ "$code" = 2 ]
check "foreign work folder: says why, data untouched" \
	bash -c "grep -q 'not a work folder' '$tmp/bad.log' && [ \"\$(cat '$tmp/foreign/file')\" = data ]"
# A target that fails to build (no compiler; another output folder, so no
# cached build): exit 2, the work folder's corpus untouched.
corpus=$(files corpus)
CC=false ZINC_FUZZ_OUT=$tmp/nocc ci/fuzz.sh --continuous -e afl -t 5 --plant POLY1305_CARRY \
	-w "$tmp/plant-POLY1305_CARRY/work" poly1305 >"$tmp/nocc.log" 2>&1
code=$?
check "a target that fails to build: exit 2, says so, corpus kept ($corpus files)" \
	[ "$code" = 2 -a "$(tail -n 1 "$tmp/nocc.log" | grep -c 'build with POLY1305_CARRY failed')" = 1 -a "$(files corpus)" = "$corpus" ]
ci/fuzz.sh --continuous --bogus >/dev/null 2>&1
check "unknown option: exit 2" [ $? = 2 ]
ci/fuzz.sh --continuous -e afl --bogus >/dev/null 2>&1
check "unknown option with -e afl: exit 2" [ $? = 2 ]
# A work folder that cannot be made (under a file; chmod would not stop root).
ci/fuzz.sh --continuous -e afl -t 5 -w "$tmp/foreign/file/work" poly1305 >"$tmp/ro.log" 2>&1
check "work folder that cannot be created: exit 2, one line" [ $? = 2 -a "$(wc -l <"$tmp/ro.log")" = 1 ]
ci/fuzz.sh --continuous --plant NO_SUCH_BUG poly1305 >/dev/null 2>&1
check "unknown planted bug: exit 2" [ $? = 2 ]

echo "continuous_test: $((checks - fails)) passed, $fails failed"
[ "$fails" = 0 ]
