#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Continuous libFuzzer campaigns for ci/fuzz.sh --continuous (README.md).

ci/fuzz.sh builds the targets and runs this; it is not meant to be run by
hand. For each target it keeps, in the work folder WORK:

  WORK/VERSION                 format and build of the folder (checked on resume)
  WORK/state.json              totals, time series and crash signatures
  WORK/continuous.log          what happened, one line per event, across runs
  WORK/<t>/corpus/             the working corpus every run resumes from
  WORK/<t>/crashes/<id>/       one minimised testcase per signature + diagnosis.txt
  WORK/<t>/fuzz.log            libFuzzer's output of the current run

and beside the work folder (in its parent) status.json and report.html,
refreshed while running. Each target runs libFuzzer in fork mode with
crashes, OOMs and timeouts ignored, so fuzzing goes on after a crash; every
crash testcase it leaves is run once more to read its diagnosis, given a
signature (fuzz/report.c's target + culprit, the side the vote of rows and
oracles outvoted; target + what + impls when the vote was undecided; or the
sanitizer's report type + top frames), and counted under it. The corpus is minimised with
-merge=1 at the start of each run and every --merge-every seconds.
"""
import argparse
import hashlib
import glob
import html
import json
import math
import os
import re
import shutil
import signal
import subprocess
import sys
import time

FORMAT = 1
HISTORY_MAX = 2000          # points per target kept for the plots
STATUS_EVERY = 10           # seconds between status refreshes
# Filing a crash runs its testcase again (a second or so under ASan): time
# given to it per pass of the main loop, over all targets, and at the end
# of a run. What is not filed in time stays in <t>/artifacts/ for later
# (the next pass, or the next run), counted as pending.
COLLECT_BUDGET = 5
FINAL_COLLECT_BUDGET = 60
CRASH_PREFIXES = ("crash-", "leak-", "timeout-", "oom-")


def now():
    return time.time()


def stamp(t):
    return time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(t))


def write_atomic(path, text):
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, path)


def die(msg):
    print("fuzz.sh: " + msg, file=sys.stderr)
    sys.exit(2)


# ---- signatures ----

MISMATCH = re.compile(r"==== zinc fuzz MISMATCH ====\n(?:.*\n)*?target:\s*(.*)\nwhat:\s*(.*)\n"
                      r"impls:\s*(.*)\n")
CULPRIT = re.compile(r"==== zinc fuzz MISMATCH ====\nculprit:\s*(.*)\n")
FRAME = re.compile(r"^\s*#(\d+) 0x[0-9a-f]+ in (\S+)", re.M)
# Frames of the runtime, libc and the engine, not of the code under test.
NOISE = re.compile(r"^(__sanitizer|__asan|__ubsan|__msan|__lsan|__interceptor|___interceptor|"
                   r"fuzzer::|__libc|__GI_|abort$|raise$|__pthread_kill|pthread_kill|gsignal|"
                   r"malloc$|calloc$|realloc$|free$|operator|_start$|main$)")
KINDS = [
    (re.compile(r"ERROR: (AddressSanitizer|MemorySanitizer|ThreadSanitizer): ([\w-]+)"),
     lambda m: m.group(1) + " " + m.group(2)),
    (re.compile(r"ERROR: LeakSanitizer: detected memory leaks"), lambda m: "LeakSanitizer leak"),
    (re.compile(r"runtime error: (.*)"),
     lambda m: "UBSan " + re.sub(r"0x[0-9a-f]+|-?\d+", "N", m.group(1)).strip()),
    (re.compile(r"ERROR: libFuzzer: timeout"), lambda m: "timeout"),
    (re.compile(r"ERROR: libFuzzer: out-of-memory"), lambda m: "out-of-memory"),
    (re.compile(r"ERROR: libFuzzer: (deadly signal)"), lambda m: m.group(1)),
]


def diagnose(target, text, code):
    """(signature, diagnosis text) of one run of a testcase."""
    m = MISMATCH.search(text)
    if m:
        start = text.index("==== zinc fuzz MISMATCH ====")
        end = text.find("==== aborting ====", start)
        end = len(text) if end < 0 else end + len("==== aborting ====")
        cm = CULPRIT.search(text)
        culprit = cm.group(1).strip() if cm else ""
        if culprit and not culprit.startswith("undecided"):
            # The outvoted side: one signature per culprit, whichever
            # comparison (what) showed it first on a given input.
            sig = "%s | culprit %s" % (m.group(1).strip(), culprit)
        else:
            sig = "%s | %s | %s" % (m.group(1).strip(), m.group(2).strip(), m.group(3).strip())
        return sig, text[start:end]
    if code == 0:
        return "%s | did not reproduce" % target, text[-4000:]
    kind = "exit status %d, no sanitizer report" % code
    first = len(text)
    for rx, name in KINDS:
        km = rx.search(text)
        if km:
            kind, first = name(km), km.start()
            break
    frames = []
    for fm in FRAME.finditer(text, first):
        if fm.group(1) == "0" and frames:
            break  # the next stack (allocation, origin): only the first counts
        if not NOISE.match(fm.group(2)):
            frames.append(fm.group(2))
        if len(frames) == 3:
            break
    sig = "%s | %s" % (target, kind)
    if frames:
        sig += " | " + " < ".join(frames)
    line = text.rfind("\n", 0, first) + 1
    diag = "\n".join(text[line:].splitlines()[:200])
    return sig, diag


def sig_id(sig):
    return hashlib.sha1(sig.encode()).hexdigest()[:12]


def prepare_work(work, build):
    """Checks that work is a work folder of this format and build (or empty
    or new) and that it and its parent are writable; exit 2 otherwise."""
    version = "zinc continuous work folder, format %d, build %s\n" % (FORMAT, build)
    vfile = os.path.join(work, "VERSION")
    if os.path.isdir(work) and os.listdir(work):
        have = open(vfile).read() if os.path.isfile(vfile) else None
        if have is None:
            die("%s: not a work folder of ci/fuzz.sh --continuous (no VERSION): "
                "give an empty or new folder with -w" % work)
        if have != version:
            die("%s: work folder from another version or build (%s), this run is (%s): "
                "use another -w folder" % (work, have.strip(), version.strip()))
    try:
        os.makedirs(work, exist_ok=True)
        write_atomic(vfile, version)
    except OSError as e:
        die("cannot write to the work folder %s: %s" % (work, e.strerror))
    out = os.path.dirname(work)
    for name in ("report.html", "status.json"):
        p = os.path.join(out, name)
        if not os.access(out, os.W_OK) or (os.path.exists(p) and not os.access(p, os.W_OK)):
            die("cannot write %s" % p)


# ---- one target ----

def parse_flags(name, flags):
    """The per-input timeout of target name: its -timeout= flag, which
    ci/fuzz.sh passes from sources.bzl's libfuzzer_options()."""
    timeout = None
    for f in flags:
        if f.startswith("-timeout="):
            timeout = int(f.split("=", 1)[1])
    if timeout is None:
        die("target %s: no -timeout= among its --flag options (ci/fuzz.sh passes "
            "sources.bzl's libfuzzer_options())" % name)
    return timeout


STAT = re.compile(r"^#(\d+):? .*?cov: (\d+) ft: (\d+) corp: (\d+)", re.M)


class Target:
    """One target fuzzed by libFuzzer in fork mode."""
    engine = "libFuzzer"

    def __init__(self, camp, name, binary, flags):
        self.camp, self.name, self.bin, self.flags = camp, name, binary, flags
        self.dir = os.path.join(camp.work, name)
        self.corpus = os.path.join(self.dir, "corpus")
        # AFL++'s output folder (AflTarget): its queues are folded into the
        # corpus by every merge, whichever engine runs.
        self.afl = os.path.join(self.dir, "afl")
        self.artifacts = os.path.join(self.dir, "artifacts")
        self.crashes = os.path.join(self.dir, "crashes")
        self.log = os.path.join(self.dir, "fuzz.log")
        # libFuzzer's fork mode keeps each job's new inputs and log in a
        # folder under $TMPDIR until the job ends: ours, to harvest them.
        self.tmp = os.path.join(self.dir, "tmp")
        self.timeout = parse_flags(name, flags)
        self.proc = None
        self.seg_start = None
        self.seg_execs = 0
        self.log_pos = 0
        self.cov = self.corp = 0
        self.bitmap = ""    # AFL++'s bitmap coverage
        self.saved_crashes = None   # AFL++'s count of the crashes it saved
        self.eps = 0.0
        self.last = (now(), 0)
        self.restarts = []
        self.failed = None
        self.phase = "waiting"   # merging, running, done, stopped, FAILED
        for d in (self.corpus, self.artifacts, self.crashes, self.tmp):
            os.makedirs(d, exist_ok=True)
        self.recover()
        self.harvest()

    @property
    def totals(self):
        return self.camp.state["targets"].setdefault(self.name, {"execs": 0, "seconds": 0,
                                                                 "runs": 0})

    def execs(self):
        return self.totals["execs"] + self.seg_execs + (self.job_execs() if self.proc else 0)

    def seconds(self):
        return self.totals["seconds"] + (int(now() - self.seg_start) if self.proc else 0)

    def corpus_files(self):
        return sum(len(fs) for _, _, fs in os.walk(self.corpus))

    def corpus_size(self):
        """The corpus size plotted: the work corpus (AFL++: its main queue)."""
        return self.corpus_files()

    def periodic_merge(self):
        self.merge()

    def recover(self):
        """Undoes a merge interrupted between its renames."""
        old, new = self.corpus + ".old", self.corpus + ".merging"
        if os.path.isdir(old):
            if os.path.isdir(self.corpus) and os.listdir(self.corpus):
                shutil.rmtree(old)
            else:
                shutil.rmtree(self.corpus, ignore_errors=True)
                os.rename(old, self.corpus)
        shutil.rmtree(new, ignore_errors=True)

    def afl_queues(self):
        """A folder of links to the inputs of every AFL++ queue of the
        target (libFuzzer would also read the queues' .state/ files), or
        None when AFL++ has not run on this work folder."""
        links = os.path.join(self.dir, "afl-queues")
        shutil.rmtree(links, ignore_errors=True)
        # _resume/: where an interrupted resume of AFL++ may have left them.
        files = glob.glob(os.path.join(self.afl, "*", "queue", "id:*")) + \
            glob.glob(os.path.join(self.afl, "*", "_resume", "id:*"))
        if not files:
            return None
        os.makedirs(links)
        for i, f in enumerate(files):
            dest = os.path.join(links, "q%06d" % i)
            try:
                os.link(f, dest)
            except OSError:
                shutil.copyfile(f, dest)
        return links

    def merge(self, extra=()):
        """Minimises the corpus (and folds in extra folders and the AFL++
        queues) with -merge=1; the old corpus stays until the new one is
        complete. True when it did."""
        new = self.corpus + ".merging"
        shutil.rmtree(new, ignore_errors=True)
        os.makedirs(new)
        self.phase = "merging"
        before = self.corpus_files()
        queues = self.afl_queues()
        extra = [e for e in extra if os.path.isdir(e)]
        # The testcases of inputs that crash it go to a scratch folder, not
        # the target's folder: fuzzing runs the corpus and files them.
        scratch = os.path.join(self.dir, "merge-crashes")
        os.makedirs(scratch, exist_ok=True)
        cmd = [self.bin, "-merge=1", *[f for f in self.flags if f.startswith("-max_len")],
               "-artifact_prefix=" + scratch + "/", new, self.corpus, *extra, *([queues] if queues else [])]
        with open(os.path.join(self.dir, "merge.log"), "w") as log:
            p = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, cwd=self.dir,
                                 start_new_session=True)
            while p.poll() is None:
                if self.camp.stopping:
                    os.killpg(p.pid, signal.SIGKILL)
                    p.wait()
                    break
                time.sleep(0.2)
        for d in (queues, scratch):
            if d:
                shutil.rmtree(d, ignore_errors=True)
        after = sum(len(fs) for _, _, fs in os.walk(new))
        if p.returncode != 0 or (after == 0 and before > 0):
            shutil.rmtree(new, ignore_errors=True)
            self.phase = "waiting"
            if not self.camp.stopping:
                self.camp.event("%s: corpus merge failed (exit %s), corpus kept: %s" %
                                (self.name, p.returncode, os.path.join(self.dir, "merge.log")))
            return False
        os.rename(self.corpus, self.corpus + ".old")
        os.rename(new, self.corpus)
        shutil.rmtree(self.corpus + ".old")
        self.corp = after
        self.phase = "waiting"
        if queues:
            extra.append("the AFL++ queues")
        self.camp.event("%s: corpus merged: %d -> %d files%s" % (
            self.name, before, after, " (with %s)" % ", ".join(extra) if extra else ""))
        return True

    def start(self, workers):
        cmd = [self.bin, "-fork=%d" % workers, "-ignore_crashes=1", "-ignore_ooms=1",
               "-ignore_timeouts=1", "-artifact_prefix=" + self.artifacts + "/", *self.flags]
        left = self.camp.time_left()
        if left is not None:
            cmd.append("-max_total_time=%d" % max(1, int(left)))
        cmd.append(self.corpus)
        if os.path.exists(self.log):
            os.replace(self.log, self.log + ".1")
        self.logf = open(self.log, "w")
        self.proc = subprocess.Popen(cmd, stdout=self.logf, stderr=subprocess.STDOUT,
                                     cwd=self.dir, start_new_session=True,
                                     env=dict(os.environ, TMPDIR=self.tmp))
        self.seg_start, self.seg_execs, self.log_pos = now(), 0, 0
        self.phase = "running"
        self.last = (now(), self.execs())

    def stop(self):
        """Kills libFuzzer and its fork jobs at once (an interrupted job's
        inputs would be dropped by libFuzzer and its folder deleted), then
        harvests what the running jobs had found."""
        if not self.proc:
            return
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.proc.wait()
        self.end_segment()

    def job_execs(self):
        """Executions of the fork jobs still running, from their logs."""
        n = 0
        for log in glob.glob(os.path.join(self.tmp, "libFuzzerTemp.FuzzWithFork*.dir", "*.log")):
            try:
                with open(log, "rb") as f:
                    f.seek(max(0, os.path.getsize(log) - 4096))
                    found = re.findall(rb"^#(\d+)\s", f.read(), re.M)
            except OSError:
                continue
            if found:
                n += int(found[-1])
        return n

    def harvest(self):
        """Moves the inputs of unfinished fork jobs into the corpus and
        removes libFuzzer's leftover folders."""
        moved = 0
        for d in glob.glob(os.path.join(self.tmp, "libFuzzerTemp.*")):
            for f in glob.glob(os.path.join(d, "C*", "*")):
                dest = os.path.join(self.corpus, os.path.basename(f))
                if os.path.isfile(f) and not os.path.exists(dest):
                    shutil.move(f, dest)
                    moved += 1
            shutil.rmtree(d, ignore_errors=True) if os.path.isdir(d) else os.remove(d)
        return moved

    def end_segment(self):
        self.poll_log()
        self.seg_execs += self.job_execs()
        moved = self.harvest()
        if moved:
            self.camp.event("%s: %d inputs of unfinished fork jobs kept" % (self.name, moved))
        self.totals["execs"] += self.seg_execs
        self.totals["seconds"] += int(now() - self.seg_start)
        self.seg_execs = 0
        self.proc = None
        self.logf.close()
        self.phase = "stopped" if self.camp.stopping else "done"

    def poll_log(self):
        with open(self.log, "rb") as f:
            f.seek(self.log_pos)
            chunk = f.read().decode("utf-8", "replace")
        cut = chunk.rfind("\n") + 1
        self.log_pos += len(chunk[:cut].encode("utf-8", "replace"))
        for m in STAT.finditer(chunk[:cut]):
            self.seg_execs = int(m.group(1))
            self.cov = int(m.group(2))

    def sample(self):
        """Refreshes exec/s and appends a point to the time series."""
        if self.proc:
            self.poll_log()
        t, e = now(), self.execs()
        self.eps = self.rate(t, e)
        self.corp = self.corpus_size()
        h = self.camp.state["history"].setdefault(self.name, [])
        h.append([int(t), e, round(self.eps, 1), self.cov, self.corp])
        if len(h) > HISTORY_MAX:
            # Thin the older half: the plots keep their shape over weeks.
            half = len(h) // 2
            h[:half] = h[:half:2]

    def rate(self, t, e):
        """exec/s now: executions since the last sample."""
        lt, le = self.last
        if t - lt < 1:
            return self.eps
        self.last = (t, e)
        return (e - le) / (t - lt) if self.proc else 0.0

    def merge_back(self):
        """--merge: inputs of the work corpus that add coverage go to corpus/<t>/."""
        dest = os.path.join(self.camp.args.root, "corpus", self.name)
        queues = self.afl_queues()
        p = subprocess.run([self.bin, "-merge=1", dest, self.corpus, *([queues] if queues else [])],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        if queues:
            shutil.rmtree(queues, ignore_errors=True)
        m = re.findall(r"MERGE-OUTER: (\d+) new files", p.stdout.decode("utf-8", "replace"))
        self.camp.event("%s: --merge: %s new files -> corpus/%s/" % (
            self.name, m[-1] if m else "?", self.name))

    # -- crashes --

    def run_testcase(self, path):
        env = dict(os.environ, UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1")
        try:
            p = subprocess.run([self.bin, "-timeout=%d" % self.timeout, path],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env,
                               timeout=2 * self.timeout + 30)
            return p.returncode, p.stdout.decode("utf-8", "replace")
        except subprocess.TimeoutExpired as e:
            out = (e.stdout or b"").decode("utf-8", "replace")
            return -9, out + "\nERROR: libFuzzer: timeout (killed by ci/fuzz.sh)\n"

    def minimise(self, path, sig):
        """A smaller testcase with the same signature, or path itself."""
        out = path + ".min"
        secs = self.camp.args.minimize_time
        if secs <= 0 or self.camp.stopping:
            return path
        subprocess.run([self.bin, "-minimize_crash=1", "-max_total_time=%d" % secs,
                        "-timeout=%d" % self.timeout, "-exact_artifact_path=" + out, path],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       timeout=secs + 2 * self.timeout + 60)
        if os.path.isfile(out) and os.path.getsize(out) < os.path.getsize(path):
            code, text = self.run_testcase(out)
            if diagnose(self.name, text, code)[0] == sig:
                return out
        return path

    def unfiled(self):
        """The crash testcases in artifacts/ not filed yet."""
        return [os.path.join(self.artifacts, f) for f in sorted(os.listdir(self.artifacts))
                if f.startswith(CRASH_PREFIXES) and not f.endswith(".min")
                and os.path.isfile(os.path.join(self.artifacts, f))]

    def collect(self, deadline=None):
        """Files the crash testcases libFuzzer left under their signatures,
        until the deadline passes."""
        for path in self.unfiled():
            if deadline is not None and now() > deadline:
                return
            code, text = self.run_testcase(path)
            sig, diag = diagnose(self.name, text, code)
            self.camp.record(self, sig, path, diag)
            for p in (path, path + ".min"):
                if os.path.exists(p):
                    os.remove(p)


# ---- AFL++ ----

AFL_ENV = {
    "AFL_NO_UI": "1", "AFL_SKIP_CPUFREQ": "1", "AFL_NO_AFFINITY": "1",
    "AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES": "1",
    "AFL_AUTORESUME": "1", "AFL_FAST_CAL": "1", "AFL_CMPLOG_ONLY_NEW": "1",
    # afl-fuzz insists on these for sanitizer builds.
    "ASAN_OPTIONS": "abort_on_error=1:symbolize=0:detect_leaks=0",
    "UBSAN_OPTIONS": "halt_on_error=1:abort_on_error=1:symbolize=0",
}
AFL_TIMEOUT_MS = 5000       # per input; slower seeds are skipped (the "+")
AFL_STOP_WAIT = 20          # seconds afl-fuzz gets to stop after SIGINT


def afl_stats(folder):
    """An AFL++ instance's latest numbers: {execs, eps, edges, bitmap, queue, crashes},
    from the last line of its plot_data (written every few seconds) or its
    fuzzer_stats (every minute and at exit), whichever has more executions
    (fuzzer_stats on a tie).
    On a resume AFL++ carries its execution count on from the last run."""
    best = {"execs": 0, "eps": 0.0, "edges": 0, "bitmap": "", "queue": 0, "crashes": 0}
    try:
        with open(os.path.join(folder, "plot_data"), "rb") as f:
            head = f.readline().decode("utf-8", "replace")
            f.seek(max(0, os.path.getsize(f.name) - 4096))
            tail = f.read().decode("utf-8", "replace").splitlines()
        names = [n.strip() for n in head.lstrip("# ").split(",")]
        row = dict(zip(names, (v.strip() for v in tail[-1].split(","))))
        best = {"execs": int(row["total_execs"]), "eps": float(row["execs_per_sec"]),
                "edges": int(row["edges_found"]),
                "bitmap": row["map_size"], "queue": int(row["corpus_count"]),
                "crashes": int(row["saved_crashes"])}
    except (OSError, ValueError, KeyError, IndexError):
        pass
    try:
        with open(os.path.join(folder, "fuzzer_stats")) as f:
            row = dict((k.strip(), v.strip()) for k, v in
                       (line.split(":", 1) for line in f if ":" in line))
        if int(row["execs_done"]) >= best["execs"]:  # at exit: the final figures
            best = {"execs": int(row["execs_done"]), "eps": float(row["execs_per_sec"]),
                    "edges": int(row["edges_found"]),
                    "bitmap": row["bitmap_cvg"], "queue": int(row["corpus_count"]),
                    "crashes": int(row["saved_crashes"])}
    except (OSError, ValueError, KeyError):
        pass
    if not math.isfinite(best["eps"]):
        best["eps"] = 0.0  # AFL++ writes nan before its first second
    return best


class AflTarget(Target):
    """One target fuzzed by AFL++ in WORK/<t>/afl/: a main instance (-M,
    which also imports the work corpus with -F) and, on the further cores,
    CmpLog secondaries (-S, -c). An instance that has a queue resumes it with
    AFL++'s own resume (-i -). The target's libFuzzer build merges,
    reproduces and minimises, as for the libFuzzer engine."""
    engine = "AFL++"

    def __init__(self, camp, name, binary, flags, afl_bin, cmplog_bin):
        super().__init__(camp, name, binary, flags)
        self.afl_bin, self.cmplog_bin = afl_bin, cmplog_bin
        self.dict = next((f.split("=", 1)[1] for f in flags if f.startswith("-dict=")), None)
        self.log = os.path.join(self.dir, "afl-main.log")
        self.procs, self.base, self.logs = {}, {}, []
        self.queue = afl_stats(os.path.join(self.afl, "main"))["queue"]
        self.afl_eps = 0.0
        self.saved_crashes = 0

    def instances(self, workers):
        kind = "cmplog" if self.cmplog_bin else "secondary"
        return ["main"] + ["%s%d" % (kind, i) for i in range(1, workers)]

    def start(self, workers):
        env = dict(os.environ, **AFL_ENV)
        left = self.camp.time_left()
        if not os.listdir(self.corpus):
            with open(os.path.join(self.corpus, "zero"), "wb") as f:
                f.write(b"\0")   # afl-fuzz needs a seed
        os.makedirs(self.afl, exist_ok=True)
        self.procs, self.base, self.logs, resumed = {}, {}, [], []
        for inst in self.instances(workers):
            d = os.path.join(self.afl, inst)
            resume = bool(glob.glob(os.path.join(d, "queue", "id:*")))
            if resume:
                resumed.append(inst)
            else:
                shutil.rmtree(d, ignore_errors=True)  # no queue: nothing to resume
            self.base[inst] = afl_stats(d)["execs"] if resume else 0
            cmd = ["afl-fuzz", "-i", "-" if resume else self.corpus, "-o", self.afl]
            if inst == "main":
                cmd += ["-M", inst, "-F", self.corpus]
            else:
                cmd += ["-S", inst] + (["-c", self.cmplog_bin] if self.cmplog_bin else [])
            cmd += ["-m", "none", "-t", "%d+" % AFL_TIMEOUT_MS]
            if self.dict:
                cmd += ["-x", self.dict]
            if left is not None:
                cmd += ["-V", str(max(1, int(left)))]
            cmd += ["--", self.afl_bin]
            log = os.path.join(self.dir, "afl-%s.log" % inst)
            if os.path.exists(log):
                os.replace(log, log + ".1")
            self.logs.append(open(log, "w"))
            self.procs[inst] = subprocess.Popen(cmd, stdout=self.logs[-1],
                                                stderr=subprocess.STDOUT, cwd=self.dir,
                                                start_new_session=True, env=env)
        self.proc = self.procs["main"]
        self.seg_start, self.seg_execs = now(), 0
        self.phase = "running"
        self.last = (now(), self.execs())
        self.camp.event("%s: AFL++ %s%s" % (
            self.name, ", ".join(self.procs),
            "; resuming its own queue (-i -): %s" % ", ".join(resumed) if resumed else
            ", from the work corpus"))

    def halt(self):
        """SIGINT to every afl-fuzz (it writes its stats and stops its
        forkserver), SIGKILL to what is left after AFL_STOP_WAIT seconds."""
        for p in self.procs.values():
            if p.poll() is None:
                os.kill(p.pid, signal.SIGINT)
        deadline = now() + AFL_STOP_WAIT
        for p in self.procs.values():
            while p.poll() is None and now() < deadline:
                time.sleep(0.1)
            if p.poll() is None:
                try:
                    os.killpg(p.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                p.wait()

    def stop(self):
        if self.proc:
            self.end_segment()

    def job_execs(self):
        return 0

    def end_segment(self):
        self.halt()
        self.poll_log()
        with open(self.log, errors="replace") as f:
            abort = [line.strip() for line in f if "PROGRAM ABORT" in line or "[-]" in line]
        if abort and not self.camp.stopping:
            self.camp.event("%s: afl-fuzz: %s" % (self.name, re.sub(r"\x1b\[[0-9;]*m", "",
                                                                      abort[-1])))
        self.totals["execs"] += self.seg_execs
        self.totals["seconds"] += int(now() - self.seg_start)
        self.seg_execs = 0
        self.proc = None
        for f in self.logs:
            f.close()
        self.phase = "stopped" if self.camp.stopping else "done"

    def poll_log(self):
        seg = edges = saved = eps = 0
        for inst, base in self.base.items():
            st = afl_stats(os.path.join(self.afl, inst))
            seg += max(0, st["execs"] - base)
            eps += st["eps"] if st["execs"] > base else 0  # not the last run's
            edges = max(edges, st["edges"])
            saved += st["crashes"]
            if inst == "main":
                self.bitmap, self.queue = st["bitmap"], st["queue"]
        self.seg_execs, self.cov, self.afl_eps = seg, edges or self.cov, eps
        self.saved_crashes = max(self.saved_crashes, saved)

    def corpus_size(self):
        return self.queue or self.corpus_files()

    def rate(self, t, e):
        """exec/s now: the sum of the instances' own figures."""
        return self.afl_eps if self.proc else 0.0

    def collect(self, deadline=None):
        """Moves AFL++'s crash testcases (and those of the crashes.<date>
        folders a resume leaves) to artifacts/ under libFuzzer's names, then
        files them as the libFuzzer engine does."""
        for f in glob.glob(os.path.join(self.afl, "*", "crashes*", "id:*")):
            try:
                if self.proc and now() - os.path.getmtime(f) < 1:
                    continue  # perhaps still being written
                with open(f, "rb") as fh:
                    dest = os.path.join(self.artifacts,
                                        "crash-" + hashlib.sha1(fh.read()).hexdigest())
                shutil.move(f, dest)
            except OSError:
                continue
        for d in glob.glob(os.path.join(self.afl, "*", "crashes.*")):
            if set(os.listdir(d)) <= {"README.txt"}:
                shutil.rmtree(d, ignore_errors=True)
        super().collect(deadline)

    def periodic_merge(self):
        """Folds the AFL++ queues into the work corpus; AFL++ then starts
        again from the minimised corpus, so its queues stay bounded too."""
        self.collect()
        if self.merge():
            shutil.rmtree(self.afl, ignore_errors=True)
            self.queue = 0
            self.camp.event("%s: AFL++ queues folded in; AFL++ starts again from the "
                            "minimised corpus" % self.name)


# ---- the campaign ----

class Campaign:
    def __init__(self, args):
        self.args = args
        self.work = os.path.abspath(args.work)
        self.out = os.path.dirname(self.work)
        self.stopping = False
        self.started = now()
        self.run_crashes = 0
        self.new_sigs = []
        prepare_work(self.work, args.build)
        self.log = open(os.path.join(self.work, "continuous.log"), "a")
        path = os.path.join(self.work, "state.json")
        self.state = {"format": FORMAT, "targets": {}, "history": {}, "crashes": {}}
        if os.path.exists(path):
            try:
                with open(path) as f:
                    self.state = json.load(f)
            except ValueError as e:
                die("%s: not valid JSON (%s); move it away to start afresh" % (path, e))
            if self.state.get("format") != FORMAT:
                die("%s: state format %r, this is %d" % (path, self.state.get("format"), FORMAT))
        if args.engine == "afl":
            afl, cmplog = dict(args.afl), dict(args.cmplog)
            self.targets = [AflTarget(self, t, b, args.flag.get(t, []), afl[t], cmplog.get(t))
                            for t, b in args.target]
        else:
            self.targets = [Target(self, t, b, args.flag.get(t, [])) for t, b in args.target]

    def time_left(self):
        if not self.args.time:
            return None
        return self.started + self.args.time - now()

    def event(self, msg):
        line = "%s %s" % (stamp(now()), msg)
        self.log.write(line + "\n")
        self.log.flush()
        self.screen.message(line)

    def record(self, tgt, sig, path, diag):
        cid = sig_id(sig)
        c = self.state["crashes"].get(cid)
        t = int(now())
        self.run_crashes += 1
        dest = os.path.join(tgt.crashes, cid)
        if c is None:
            os.makedirs(dest, exist_ok=True)
            keep = tgt.minimise(path, sig)
            name = os.path.basename(path).replace(".min", "")
            shutil.copy(keep, os.path.join(dest, name))
            write_atomic(os.path.join(dest, "diagnosis.txt"), diag + "\n")
            c = {"target": tgt.name, "signature": sig, "first_seen": t, "last_seen": t,
                 "count": 1, "testcase": os.path.join(dest, name),
                 "size": os.path.getsize(keep)}
            self.state["crashes"][cid] = c
            self.new_sigs.append(cid)
            self.event("NEW CRASH SIGNATURE %s %s (%d bytes): %s" % (cid, tgt.name, c["size"], sig))
            self.save()  # at once: minimising a testcase can take a minute
            return
        c["count"] += 1
        c["last_seen"] = t
        if os.path.getsize(path) < c["size"] or not os.path.isfile(c["testcase"]):
            os.makedirs(dest, exist_ok=True)
            if os.path.isfile(c["testcase"]):
                os.remove(c["testcase"])
            c["testcase"] = os.path.join(dest, os.path.basename(path))
            shutil.copy(path, c["testcase"])
            c["size"] = os.path.getsize(path)
            write_atomic(os.path.join(dest, "diagnosis.txt"), diag + "\n")

    def workers(self):
        n, j = len(self.targets), self.args.jobs
        return [max(1, j // n) + (1 if i < j % n and j > n else 0) for i in range(n)]

    def save(self):
        self.state["updated"] = int(now())
        write_atomic(os.path.join(self.work, "state.json"), json.dumps(self.state))
        status = {
            "format": FORMAT, "build": self.args.build, "engine": self.targets[0].engine,
            "work": self.work,
            "running": not self.stopping, "started": int(self.started),
            "updated": int(now()), "time_limit": self.args.time or None,
            "targets": {t.name: {"execs": t.execs(), "exec_per_sec": round(t.eps, 1),
                                 "avg_exec_per_sec": round(t.execs() / max(1, t.seconds()), 1),
                                 "engine": t.engine, "coverage": t.cov,
                                 "bitmap": t.bitmap or None, "corpus": t.corp,
                                 "afl_saved_crashes": t.saved_crashes,
                                 "seconds": t.seconds(),
                                 "runs": t.totals["runs"], "state": self.tstate(t)}
                        for t in self.targets},
            "crashes_this_run": self.run_crashes,
            "crashes_pending": {t.name: len(t.unfiled()) for t in self.targets},
            "signatures": [dict(id=k, reproduce=self.reproduce(v), **v)
                           for k, v in sorted(self.state["crashes"].items(),
                                              key=lambda kv: kv[1]["first_seen"])],
        }
        write_atomic(os.path.join(self.out, "status.json"), json.dumps(status, indent=1))
        write_atomic(os.path.join(self.out, "report.html"), render(self, status))

    def tstate(self, t):
        return "FAILED" if t.failed else t.phase

    def reproduce(self, c):
        path = os.path.relpath(c["testcase"], self.args.root)
        if path.startswith(".."):
            path = c["testcase"]
        if self.args.build != "normal":
            return ("ci/reproduce.sh uses the normal build; this one is %s: "
                    "fuzz/planted/build.sh standalone %s %s BIN && BIN %s" %
                    (self.args.build, self.args.build.split(":", 1)[1], c["target"], path))
        return "ci/reproduce.sh " + path

    def stop(self, *_):
        if not self.stopping:
            self.stopping = True

    def run(self):
        signal.signal(signal.SIGINT, self.stop)
        signal.signal(signal.SIGTERM, self.stop)
        self.screen = Screen(self)
        nprev = len(self.state["crashes"])
        self.event("run starts: %s, %s, targets %s, %s, work %s, %d known signatures" % (
            self.targets[0].engine, self.args.build, " ".join(t.name for t in self.targets),
            "%d s" % self.args.time if self.args.time else "until stopped", self.work, nprev))
        for t in self.targets:
            if self.stopping:
                break
            t.totals["runs"] += 1
            n = t.corpus_files()
            self.event("%s: resuming from %d corpus files" % (t.name, n) if n else
                       "%s: new work corpus, seeded from corpus/%s/" % (t.name, t.name))
            t.merge([os.path.join(self.args.root, "corpus", t.name)])
        self.started = now()  # -t counts fuzzing time, from here
        for t, w in zip(self.targets, self.workers()):
            if not self.stopping:
                t.start(w)
        self.save()
        last_merge = last_status = now()
        turn = 0
        while not self.stopping:
            time.sleep(1)
            # Crashes, each target first in turn, within the pass's budget.
            turn = (turn + 1) % len(self.targets)
            deadline = now() + COLLECT_BUDGET
            for t in self.targets[turn:] + self.targets[:turn]:
                t.collect(deadline)
            for t, w in zip(self.targets, self.workers()):
                if t.proc and t.proc.poll() is not None:
                    t.end_segment()
                    left = self.time_left()
                    if left is not None and left <= 1:
                        continue
                    t.restarts = [r for r in t.restarts if r > now() - 60] + [now()]
                    if len(t.restarts) > 5:
                        t.failed = "%s exited 6 times within a minute (log: %s)" % (t.engine,
                                                                                    t.log)
                        t.phase = "FAILED"
                        self.event("%s: %s; target given up" % (t.name, t.failed))
                        continue
                    self.event("%s: %s exited, restarting (log: %s.1)" % (t.name, t.engine,
                                                                            t.log))
                    t.start(w)
            left = self.time_left()
            for t in self.targets:
                if t.proc and left is not None and left < -30:
                    t.stop()  # libFuzzer missed its -max_total_time
            if all(t.proc is None for t in self.targets):
                break
            if now() - last_status >= STATUS_EVERY:
                last_status = now()
                for t in self.targets:
                    t.sample()
                self.save()
                self.screen.draw()
            if self.args.merge_every and now() - last_merge >= self.args.merge_every:
                left = self.time_left()
                if left is None or left > 30:
                    for t, w in zip(self.targets, self.workers()):
                        if t.proc and not self.stopping:
                            t.stop()
                            t.periodic_merge()
                            t.start(w)
                last_merge = now()
        self.stopping = True
        for t in self.targets:
            t.stop()
        deadline = now() + FINAL_COLLECT_BUDGET
        for t in self.targets:
            t.collect(deadline)
            t.sample()
        pending = sum(len(t.unfiled()) for t in self.targets)
        if pending:
            self.event("%d crash testcases not filed within %d s: left in <target>/artifacts/, "
                       "the next run files them" % (pending, FINAL_COLLECT_BUDGET))
        if self.args.merge_back:
            for t in self.targets:
                t.merge_back()
        self.save()
        self.screen.draw(final=True)
        self.event("run ends: %d crashes this run, %d new signatures, %d signatures in all; "
                   "report: %s" % (self.run_crashes, len(self.new_sigs),
                                   len(self.state["crashes"]),
                                   os.path.join(self.out, "report.html")))
        if any(t.failed for t in self.targets):
            return 2
        return 1 if self.run_crashes else 0


# ---- status line ----

def human(n):
    for unit, div in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if n >= div:
            return "%.1f%s" % (n / div, unit)
    return "%d" % n


class Screen:
    """On a terminal: a block of lines redrawn in place, messages above it.
    Otherwise: messages as they come and the block every status refresh."""

    def __init__(self, camp):
        self.camp, self.tty, self.drawn = camp, sys.stdout.isatty(), 0

    def lines(self):
        c = self.camp
        el = int(now() - c.started)
        out = []
        for t in c.targets:
            out.append("%-18s %-8s execs %-8s %8s exec/s  cov %-6s corpus %-6s" % (
                t.name, c.tstate(t), human(t.execs()), human(t.eps), t.cov, t.corp))
        last = c.new_sigs[-1] if c.new_sigs else None
        pending = sum(len(t.unfiled()) for t in c.targets)
        out.append("[%02d:%02d:%02d] crashes this run %d%s, signatures %d (%d new)%s" % (
            el // 3600, el // 60 % 60, el % 60, c.run_crashes,
            " (+%d not filed yet)" % pending if pending else "", len(c.state["crashes"]),
            len(c.new_sigs), "  NEW: %s %s" % (last, c.state["crashes"][last]["signature"][:60])
            if last else ""))
        return out

    def clear(self):
        if self.tty and self.drawn:
            sys.stdout.write("\033[%dA\033[J" % self.drawn)
            self.drawn = 0

    def message(self, line):
        self.clear()
        print(line, flush=True)
        if self.tty:
            self.draw()

    def draw(self, final=False):
        self.clear()
        lines = self.lines()
        print("\n".join(lines), flush=True)
        if self.tty and not final:
            self.drawn = len(lines)


# ---- the HTML report ----

COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2",
          "#17becf", "#7f7f7f", "#bcbd22"]


def plot(title, series, width=560, height=170):
    """An inline SVG line chart: series is [(label, color, [(t, v), ...])]."""
    pts = [p for _, _, s in series for p in s]
    pad_l, pad_b, pad_t = 62, 22, 20
    svg = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
           'font-family="sans-serif" font-size="11">' % (width, height),
           '<text x="%d" y="13" font-weight="bold">%s</text>' % (pad_l, html.escape(title))]
    if len(pts) < 2:
        svg.append('<text x="%d" y="%d">no data yet</text></svg>' % (pad_l, height // 2))
        return "".join(svg)
    t0, t1 = min(p[0] for p in pts), max(p[0] for p in pts)
    v1 = max(p[1] for p in pts) or 1
    t1 = t1 if t1 > t0 else t0 + 1
    w, h = width - pad_l - 8, height - pad_b - pad_t

    def xy(p):
        return (pad_l + (p[0] - t0) * w / (t1 - t0), pad_t + h - p[1] * h / v1)
    svg.append('<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#ccc"/>' %
               (pad_l, pad_t, w, h))
    for frac in (0, 0.5, 1):
        y = pad_t + h - frac * h
        svg.append('<text x="%d" y="%.0f" text-anchor="end">%s</text>' %
                   (pad_l - 4, y + 4, human(frac * v1)))
    span = t1 - t0
    for frac, anchor in ((0, "start"), (0.5, "middle"), (1, "end")):
        x = pad_l + frac * w
        s = frac * span
        label = "%.1f h" % (s / 3600) if span >= 7200 else "%d min" % (s // 60) if span >= 120 \
            else "%d s" % s
        svg.append('<text x="%.0f" y="%d" text-anchor="%s">%s</text>' %
                   (x, height - 6, anchor, label))
    for label, color, s in series:
        if len(s) == 1:  # a first sample: a dot, a polyline of one point is invisible
            svg.append('<circle cx="%.1f" cy="%.1f" r="2.5" fill="%s"><title>%s</title></circle>'
                       % (*xy(s[0]), color, html.escape(label)))
        elif s:
            path = " ".join("%.1f,%.1f" % xy(p) for p in s)
            svg.append('<polyline fill="none" stroke="%s" stroke-width="1.5" points="%s">'
                       '<title>%s</title></polyline>' % (color, path, html.escape(label)))
    svg.append("</svg>")
    return "".join(svg)


def cov_cell(s):
    """A target's coverage: libFuzzer's cov, or AFL++'s edges and bitmap share."""
    if s.get("engine") == "AFL++":
        return "%d edges (bitmap %s)" % (s["coverage"], html.escape(s.get("bitmap") or "?"))
    return "%d" % s["coverage"]


def render(camp, status):
    targets = list(status["targets"])
    hist = camp.state["history"]
    colors = {t: COLORS[i % len(COLORS)] for i, t in enumerate(targets)}
    e = html.escape
    out = ["<!DOCTYPE html><html><head><meta charset='utf-8'>"]
    if status["running"]:
        out.append("<meta http-equiv='refresh' content='%d'>" % (3 * STATUS_EVERY))
    out.append("<title>zinc continuous fuzzing</title><style>"
               "body{font-family:sans-serif;margin:1.5em;max-width:1200px}"
               "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:3px 8px;"
               "text-align:left;vertical-align:top}td.n{text-align:right}"
               "pre{background:#f6f6f6;padding:6px;white-space:pre-wrap;word-break:break-all;"
               "font-size:12px}"
               ".sw{display:inline-block;width:10px;height:10px;margin-right:4px}"
               "</style></head><body><h1>zinc continuous fuzzing</h1>")
    out.append("<p>%s. Engine: <b>%s</b>. Build: <b>%s</b>. Work folder: <code>%s</code>. "
               "Started %s, updated %s%s.</p>" % (
                   "Running" if status["running"] else "Stopped", e(status["engine"]),
                   e(status["build"]), e(status["work"]), stamp(status["started"]),
                   stamp(status["updated"]),
                   ", time limit %d s" % status["time_limit"] if status["time_limit"] else ""))
    out.append("<h2>Targets</h2><table><tr><th>target</th><th>state</th><th>execs (all runs)"
               "</th><th>exec/s now</th><th>exec/s average</th><th>coverage</th>"
               "<th>corpus</th><th>fuzzing time</th>"
               "<th>runs</th><th>signatures</th></tr>")
    for t, s in status["targets"].items():
        nsig = sum(1 for c in camp.state["crashes"].values() if c["target"] == t)
        out.append("<tr><td><span class='sw' style='background:%s'></span>%s</td><td>%s</td>"
                   "<td class=n>%d</td><td class=n>%.1f</td><td class=n>%.1f</td>"
                   "<td class=n>%s</td>"
                   "<td class=n>%d</td><td class=n>%d s</td><td class=n>%d</td>"
                   "<td class=n>%d</td></tr>" % (colors[t], e(t), s["state"], s["execs"],
                                                 s["exec_per_sec"], s["avg_exec_per_sec"],
                                                 cov_cell(s), s["corpus"],
                                                 s["seconds"], s["runs"], nsig))
    out.append("</table><h2>Over time</h2><div>")
    for col, title in ((1, "executions (cumulative)"), (2, "exec/s"),
                       (3, "coverage (libFuzzer cov; AFL++ edges found)"),
                       (4, "corpus size (files; AFL++: main queue)")):
        series = [(t, colors[t], [(p[0], p[col]) for p in hist.get(t, [])]) for t in targets]
        out.append(plot(title, series))
    out.append("</div><h2>Unique crashes: %d signature(s), %d crash(es) this run</h2>" % (
        len(status["signatures"]), status["crashes_this_run"]))
    pending = sum(status["crashes_pending"].values())
    if pending:
        out.append("<p>%d crash testcase(s) found but not yet filed under a signature (%s).</p>"
                   % (pending, e(", ".join("%s %d" % kv for kv in
                                            status["crashes_pending"].items() if kv[1]))))
    if not status["signatures"]:
        out.append("<p>None.</p>")
    for c in status["signatures"]:
        diag = ""
        dfile = os.path.join(os.path.dirname(c["testcase"]), "diagnosis.txt")
        if os.path.isfile(dfile):
            with open(dfile, errors="replace") as f:
                diag = f.read()
        out.append("<h3>%s &mdash; %s</h3><table><tr><th>signature</th><td><code>%s</code>"
                   "</td></tr><tr><th>seen</th><td>%d time(s), first %s, last %s</td></tr>"
                   "<tr><th>testcase</th><td><code>%s</code> (%d bytes)</td></tr>"
                   "<tr><th>reproduce</th><td><code>%s</code></td></tr></table>"
                   "<pre>%s</pre>" % (e(c["id"]), e(c["target"]), e(c["signature"]), c["count"],
                                      stamp(c["first_seen"]), stamp(c["last_seen"]),
                                      e(c["testcase"]), c["size"], e(c["reproduce"]), e(diag)))
    out.append("</body></html>\n")
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--root", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--build", default="normal", help="normal or plant:NAME")
    ap.add_argument("--time", type=int, default=0, help="seconds, 0: until stopped")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--merge-every", type=int, default=3600)
    ap.add_argument("--minimize-time", type=int, default=60)
    ap.add_argument("--merge-back", action="store_true")
    ap.add_argument("--check", action="store_true",
                    help="only check that the work folder can be used, before building")
    ap.add_argument("--engine", choices=("libfuzzer", "afl"), default="libfuzzer")
    ap.add_argument("--afl", nargs=2, action="append", metavar=("NAME", "BINARY"), default=[],
                    help="AFL++ build of a target (--engine afl)")
    ap.add_argument("--cmplog", nargs=2, action="append", metavar=("NAME", "BINARY"),
                    default=[], help="its CmpLog build, for the secondaries")
    ap.add_argument("--target", nargs=2, action="append", metavar=("NAME", "BINARY"),
                    default=[])
    ap.add_argument("--flag", action="append", metavar="NAME:FLAG", default=[])
    args = ap.parse_args()
    flags = {}
    for tf in args.flag:
        t, f = tf.split(":", 1)
        flags.setdefault(t, []).append(f)
    args.flag = flags
    if args.check:
        prepare_work(os.path.abspath(args.work), args.build)
        return
    if not args.target:
        die("no target")
    if args.engine == "afl":
        have = dict(args.afl)
        for t, _ in args.target:
            if t not in have:
                die("%s: no AFL++ build given (--afl)" % t)
    for t, b in args.target + args.afl + args.cmplog:
        if not os.access(b, os.X_OK):
            die("%s: fuzzer binary %s missing or not executable" % (t, b))
    camp = Campaign(args)
    try:
        sys.exit(camp.run())
    finally:
        for t in camp.targets:  # after an error: leave no fuzzer running
            if t.proc:
                try:
                    t.stop()
                except Exception:
                    pass


if __name__ == "__main__":
    main()
