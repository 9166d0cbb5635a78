#!/usr/bin/env python3
"""Every name the documentation puts in backquotes exists in the code.

A code span that looks like a path of the repository (its first folder is one of the
repository's or of a layer's, or it is a source file's name) must name a file or folder of the
repository: from its root, or from core/, ui/, app/ or tests/ (the docs write `engine/engine.h`
as the sources include it). Any other span's identifiers (words of three characters or more:
`BitTree::next` gives BitTree and next) must each occur in the repository's code, scripts, build
files or data, or be a file's or a CMake target's name. Placeholders in angle brackets
(`tests/fuzz/corpus/<target>/`), ellipses and metavariables in capitals (`FILE`, `N`) stand for
any name; the few words of other programs the docs quote (Open MPI's and SLURM's options) are
listed in external_names.txt beside this file. Mathematics is written without backquotes.

usage: test_doc_names.py REPOSITORY_ROOT
"""
import os
import re
import subprocess
import sys

DOCS = ["README.md", "ARCHITECTURE.md"]  # and docs/*.md; CHANGELOG.md is history: it may name old code
SEARCH_ROOTS = ["", "core", "ui", "app", "tests"]
EXTENSIONS = (".h", ".cpp", ".md", ".py", ".sh", ".json", ".csv", ".js", ".css", ".html", ".cmake",
              ".txt", ".in", ".xml", ".desktop", ".bash", ".png", ".svg", ".pdf", ".gif", ".mp4",
              ".webm", ".deb", ".trace", ".supp")
IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]{2,}")


def tracked_files(root):
    out = subprocess.run(["git", "-C", root, "ls-files"], capture_output=True, text=True,
                         check=True).stdout.split("\n")
    return [f for f in out if f]


def code_corpus(root, files):
    words = set()
    # Names made by the build: files' names (fuzz_checkpoint from fuzz_checkpoint.cpp) and the
    # layers' targets (reducelab_engine, reducelab_ui_views).
    for f in files:
        words.update(IDENT.findall(f.rsplit("/", 1)[-1].split(".", 1)[0]))
        parts = f.split("/")
        if len(parts) >= 3 and parts[0] in ("core", "ui"):
            words.add("reducelab_" + ("ui_" if parts[0] == "ui" else "") + parts[1])
    for f in files:
        if f.endswith(".md") or "/corpus/" in f or f.startswith("resources/screenshots") or \
                f.endswith((".png", ".gif", ".pdf", ".mp4", ".webm")):
            continue
        try:
            with open(os.path.join(root, f), encoding="utf-8", errors="ignore") as h:
                words.update(IDENT.findall(h.read()))
        except OSError:
            pass
    return words


def code_spans(text):
    # Fenced blocks are examples (commands, outputs), not names: leave them out.
    text = re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)
    text = re.sub(r"^(    |\t).*$", "", text, flags=re.M)  # indented code blocks too
    return re.findall(r"(?<!`)`([^`\n]+)`(?!`)", text)


SOURCE_EXTENSIONS = (".h", ".cpp", ".py", ".sh", ".js", ".css", ".cmake", ".in")


def path_like(span, top_dirs):
    s = re.sub(r"^\./", "", span.strip())
    if " " in s or s.startswith("."):
        return False
    if "/" in s:
        return s.split("/", 1)[0] in top_dirs
    # A bare name is a repository file only when it is a source file's: `o.csv` is the user's.
    return s.endswith(SOURCE_EXTENSIONS)


def path_exists(root, span, files, dirs):
    s = span.strip().rstrip("/").rstrip(",.;:")
    s = re.sub(r"^\./", "", s)
    # A placeholder or ellipsis ends what can be checked: keep the part before it.
    s = re.split(r"<|…|\.\.\.|\*|\{", s)[0].rstrip("/")
    if not s or s.startswith(("/", "~", "http")) or ":" in s:
        return True  # an absolute or installed path, an address, a value such as gamma:1:1
    for base in SEARCH_ROOTS:
        p = os.path.join(base, s) if base else s
        if p in files or p in dirs:
            return True
        # a prefix of a file name (tests/fuzz/corpus/<target>/ cut to tests/fuzz/corpus)
        if any(f.startswith(p + "/") for f in files):
            return True
    # A file name without its folder (`tree_dyn.h`): anywhere in the tree.
    if "/" not in s:
        return any(f.rsplit("/", 1)[-1] == s for f in files)
    return False


def main():
    root = sys.argv[1]
    files = tracked_files(root)
    dirs = {os.path.dirname(f) for f in files}
    all_dirs = set()
    for d in dirs:
        while d:
            all_dirs.add(d)
            d = os.path.dirname(d)
    words = code_corpus(root, files)
    top_dirs = {f.split("/", 1)[0] for f in files if "/" in f}
    top_dirs |= {f.split("/")[1] for f in files if f.count("/") >= 2 and f.split("/")[0] in
                 ("core", "ui", "tests")}
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "external_names.txt"),
              encoding="utf-8") as h:
        external = {l.split("#", 1)[0].strip() for l in h} - {""}
    docs = DOCS + sorted("docs/" + f for f in os.listdir(os.path.join(root, "docs"))
                         if f.endswith(".md"))
    failures = []
    checked = 0
    for doc in docs:
        with open(os.path.join(root, doc), encoding="utf-8") as h:
            text = h.read()
        for span in code_spans(text):
            checked += 1
            if path_like(span, top_dirs):
                if not path_exists(root, span, set(files), all_dirs):
                    failures.append(f"{doc}: `{span}`: no such file or folder")
                continue
            missing = [w for w in IDENT.findall(span)
                       if w not in words and w not in external and not re.fullmatch(r"[A-Z]+", w)]
            if missing:
                failures.append(f"{doc}: `{span}`: {', '.join(missing)} not in the code")
    for f in failures:
        print("FAIL:", f)
    print(f"{checked - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
