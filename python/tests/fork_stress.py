"""Forks while threads call the engine, and counts the children that hang.

Each of PARENTS Python processes starts THREADS threads that call the
engine in a loop and, while they do, forks FORKS children one after
another; each child makes one call of its own (on an engine of its own)
and exits. A child that has not exited within TIMEOUT seconds is a
deadlock (before fork-safe locks: a child that forked while another
thread held the package's lock waited on it for ever, 7 and 9 of 20). Each
parent then exits; an exit that takes over 2 s is a slow exit (before: the
parent's exit waited 5 s for its engine, whose input a live child still
held open).

    python fork_stress.py [TOTAL_FORKS]   (default 1000; prints one line:
    "forks N deadlocks D slow_exits S parents P")
"""

import os
import subprocess
import sys
import time

PARENT = r"""
import os, sys, threading, time
import gecmetric.errant as errant
from gecmetric import _engine

forks, timeout = int(sys.argv[1]), float(sys.argv[2])
a = errant.load("en")
stop = threading.Event()
calls = [0]

def worker():
    while not stop.is_set():
        assert [e.type for e in a.annotate("He go .", "He goes .")] == ["R:VERB:SVA"]
        calls[0] += 1

threads = [threading.Thread(target=worker, daemon=True) for _ in range(3)]
for t in threads:
    t.start()
while calls[0] < 3:
    time.sleep(0.001)
deadlocks = 0
children = []
for k in range(forks):
    time.sleep(0.002 * (k % 5))  # forks at different points of the calls
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            ok = _engine.call("version")["version"] and len(a.annotate("I has it .", "I have it .")) == 1
            code = 0 if ok else 1
        finally:
            os._exit(code)
    children.append(pid)
for pid in children:
    end = time.time() + timeout
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            if os.waitstatus_to_exitcode(status) != 0:
                print("child failed", status, file=sys.stderr)
                deadlocks += 1
            break
        if time.time() > end:
            deadlocks += 1
            os.kill(pid, 9)
            os.waitpid(pid, 0)
            break
        time.sleep(0.01)
stop.set()
for t in threads:
    t.join()
print(deadlocks, calls[0], flush=True)
print(time.time(), flush=True)  # the moment before exit
"""


def run(total, per_parent=20, timeout=60.0):
    """Runs total forks in parents of per_parent forks; returns (forks,
    deadlocks, slow exits, parents)."""
    forks = deadlocks = slow = parents = 0
    while forks < total:
        n = min(per_parent, total - forks)
        p = subprocess.run([sys.executable, "-c", PARENT, str(n), str(timeout)], capture_output=True, text=True,
                           timeout=timeout * n + 120)
        end = time.time()
        out = p.stdout.split()
        if p.returncode != 0 or len(out) != 3:
            raise RuntimeError("parent failed (exit %d): %s %s" % (p.returncode, p.stdout, p.stderr[-2000:]))
        deadlocks += int(out[0])
        if end - float(out[2]) > 2.0:
            slow += 1
        forks += n
        parents += 1
    return forks, deadlocks, slow, parents


if __name__ == "__main__":
    total = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    f, d, s, p = run(total)
    print("forks %d deadlocks %d slow_exits %d parents %d" % (f, d, s, p))
