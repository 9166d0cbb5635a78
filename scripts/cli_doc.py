#!/usr/bin/env python3
"""Keeps docs/cli.md's reference in step with the programs: every block between
`<!-- help: PROGRAM [VERB] -->` and `<!-- end help -->` is the program's `--help` output,
verbatim. The prose around the blocks is written by hand.

usage: cli_doc.py BIN_DIR DOC [--check]
  BIN_DIR  the folder holding reducelab-cli (and reducelab-mpi, if built), a full build's
  --check  change nothing; exit 1 naming the first block that differs (tests/docs runs this)
"""
import os
import re
import subprocess
import sys

BLOCK = re.compile(r"(<!-- help: ([^>]+?) -->\n)(.*?)(<!-- end help -->)", re.S)


def help_text(bin_dir, spec):
    words = spec.split()
    program = os.path.join(bin_dir, words[0])
    if not os.path.exists(program):
        return None  # not built here (reducelab-mpi without Open MPI)
    r = subprocess.run([program] + words[1:] + ["--help"], capture_output=True, text=True,
                       timeout=60)
    return "```text\n" + r.stdout.rstrip("\n") + "\n```\n"


def main():
    bin_dir, doc = sys.argv[1], sys.argv[2]
    check = "--check" in sys.argv[3:]
    with open(doc, encoding="utf-8") as f:
        text = f.read()
    problems = []

    def replace(m):
        wanted = help_text(bin_dir, m.group(2))
        if wanted is None:
            return m.group(0)
        if m.group(3) != wanted:
            problems.append(m.group(2))
        return m.group(1) + wanted + m.group(4)

    new = BLOCK.sub(replace, text)
    blocks = len(BLOCK.findall(text))
    if check:
        for p in problems:
            print(f"FAIL: {doc}: the block of `{p} --help` differs from the program's output "
                  f"(run scripts/cli_doc.py {bin_dir} {doc})")
        print(f"{blocks - len(problems)} passed, {len(problems)} failed")
        return 1 if problems or blocks == 0 else 0
    with open(doc, "w", encoding="utf-8") as f:
        f.write(new)
    print(f"{doc}: {len(problems)} of {blocks} blocks updated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
