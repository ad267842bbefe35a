#!/bin/bash
# SPDX-License-Identifier: MIT
# Test of ci/fuzz.sh --continuous (run by ci/test.sh, about a minute):
#  1. a short run over the poly1305 target built with the planted bug
#     POLY1305_CARRY crashes many times and files every crash under exactly
#     one signature (that bug always shows first as poly1305-donna64 vs
#     poly1305-donna32), with a testcase, its diagnosis, a status file and an
#     HTML report;
#  2. a second run resumes from the first run's corpus and adds to the same
#     signature's count;
#  3. SIGTERM stops a run without a time limit cleanly, everything written;
#  4. bad input (a foreign work folder, an unknown option or planted bug)
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

run -t 8 >"$tmp/run1.log" 2>&1
code=$?
cat "$tmp/run1.log"
check "first run exits 1 (crashes found)" [ "$code" = 1 ]
check "status.json written and not running" py 'not s["running"]'
check "several crashes" py 's["crashes_this_run"] >= 2'
check "exactly one signature" py 'len(s["signatures"]) == 1'
check "signature names the planted row" \
	py '"poly1305-donna64" in s["signatures"][0]["signature"] and s["signatures"][0]["target"] == "poly1305"'
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

# fuzz.sh itself in the background (it execs the Python bookkeeper), so
# that the signal goes to it and not to a subshell.
ci/fuzz.sh --continuous -j 1 --minimize-time 3 --plant POLY1305_CARRY poly1305 >"$tmp/run3.log" 2>&1 &
pid=$!
# Until it fuzzes: the planted build and the corpus merge come first, and
# on a loaded machine they alone can take over a minute.
for _ in $(seq 600); do
	grep -q 'corpus merged' "$tmp/run3.log" 2>/dev/null && break
	kill -0 "$pid" 2>/dev/null || break
	sleep 1
done
sleep 5
start=$(date +%s)
kill -TERM "$pid"
wait "$pid"
code=$?
cat "$tmp/run3.log"
check "SIGTERM: stopped within 30 s, exit 1" [ $(($(date +%s) - start)) -le 30 -a "$code" = 1 ]
check "SIGTERM: status says stopped, three runs" py 'not s["running"] and s["targets"]["poly1305"]["runs"] == 3'
check "SIGTERM: run end logged" [ "$(grep -c 'run ends' "$tmp/plant-POLY1305_CARRY/work/continuous.log")" = 3 ]

mkdir -p "$tmp/foreign" && echo data >"$tmp/foreign/file"
ci/fuzz.sh --continuous -t 5 -w "$tmp/foreign" poly1305 >"$tmp/bad.log" 2>&1
code=$?
check "foreign work folder: exit 2" [ "$code" = 2 ]
check "foreign work folder: says why, data untouched" \
	bash -c "grep -q 'not a work folder' '$tmp/bad.log' && [ \"\$(cat '$tmp/foreign/file')\" = data ]"
ci/fuzz.sh --continuous --bogus >/dev/null 2>&1
check "unknown option: exit 2" [ $? = 2 ]
ci/fuzz.sh --continuous --plant NO_SUCH_BUG poly1305 >/dev/null 2>&1
check "unknown planted bug: exit 2" [ $? = 2 ]

echo "continuous_test: $((checks - fails)) passed, $fails failed"
[ "$fails" = 0 ]
