#!/usr/bin/env python3
"""Writes tests/data/ompi/trees.txt and decision.txt: Open MPI 4.1.4's reduce trees and fixed
decision, written down from its sources (ompi/mca/coll/base/coll_base_topo.c,
coll_base_reduce.c, ompi/mca/coll/tuned/coll_tuned_decision_fixed.c), rank by rank as Open MPI
computes them. A second implementation, independent of core/algorithms/ompi_trees.cpp (which
builds each tree whole); tests/core/algorithms/test_ompi_trees.cpp compares the two.

usage: ompi_tree_table.py OUT_DIR

trees.txt, one line per tree: KIND N ROOT HOLDER | PARENT(0) ... PARENT(N-1) | CHILDREN(0) ...
where KIND is linear, chain:F (fan-out F), pipeline, binary, binomial or in-order-binary,
HOLDER the rank that ends with the reduction, PARENT -1 for the holder, CHILDREN the ranks a
rank receives from, in order, joined by commas ("-": none).
decision.txt, one line per case: N BYTES COMMUTATIVE ALGORITHM (Open MPI's number, 1..7).
"""
import os
import sys


def shift(rank, root, size):
    return (rank - root) % size


# build_tree(fanout): level of a shifted rank, its children delta*(i+1) further on, its parent
# found by stepping back delta/fanout until below the nodes of the levels above.
def kary_rank(fanout, size, root, rank):
    def pown(k):
        return fanout ** k if k >= 0 else 0

    s = shift(rank, root, size)
    level, count = 0, 0
    while count <= s:
        count += pown(level)
        level += 1
    level -= 1
    delta = pown(level)
    children = []
    for i in range(fanout):
        c = s + delta * (i + 1)
        if c >= size:
            break
        children.append((c + root) % size)
    slimit = (pown(level) - 1) // (fanout - 1) if fanout > 1 else level
    p = s
    if p < fanout:
        p = 0
    else:
        while p >= slimit:
            p -= delta // fanout
    parent = -1 if s == 0 else (p + root) % size
    return parent, children


# build_chain(fanout): the shifted ranks 1..size-1 in columns; the first `mark` columns have
# maxchainlen ranks, the others one less.
def chain_rank(fanout, size, root, rank):
    fanout = max(1, min(fanout, 32))
    if size - 1 < fanout:
        fanout = size - 1
    s = shift(rank, root, size)
    if fanout <= 1:
        parent = -1 if s == 0 else (s - 1 + root) % size
        children = [] if s + 1 >= size else [(s + 1 + root) % size]
        return parent, children
    maxlen = (size - 1) // fanout
    if (size - 1) % fanout:
        maxlen += 1
        mark = (size - 1) % fanout
    else:
        mark = fanout + 1
    if s == 0:
        nxt = [(root + 1) % size]
        for i in range(1, fanout):
            v = nxt[-1] + maxlen
            if i > mark:
                v -= 1
            nxt.append(v % size)
        return -1, nxt
    if s - 1 < mark * maxlen:
        column = (s - 1) // maxlen
        head = 1 + column * maxlen
        length = maxlen
    else:
        column = mark + (s - 1 - mark * maxlen) // (maxlen - 1)
        head = mark * maxlen + 1 + (column - mark) * (maxlen - 1)
        length = maxlen - 1
    parent = 0 if s == head else s - 1
    children = [] if s == head + length - 1 or s + 1 >= size else [(s + 1 + root) % size]
    return (parent + root) % size, children


# build_in_order_bmtree: vrank ^ mask for growing masks, until the bit is set (the parent).
def binomial_rank(size, root, rank):
    v = shift(rank, root, size)
    parent, children, mask = -1, [], 1
    while mask < size:
        remote = v ^ mask
        if remote < v:
            parent = (remote + root) % size
            break
        if remote < size:
            children.append((remote + root) % size)
        mask <<= 1
    return parent, children


# build_in_order_bintree: walk down from the root size-1, each time into the left (higher
# ranks) or right (lower size/2 ranks) subtree, renumbering the ranks of the left one.
def in_order_rank(size, rank):
    me, parent, delta, prev, nxt = rank, size - 1, 0, -1, []
    while True:
        right = size >> 1
        lchild = rchild = -1
        if size - 1 > 0:
            lchild = parent - 1
            if lchild > 0:
                rchild = right - 1
        if me == parent:
            nxt = [c + delta for c in (lchild, rchild) if c >= 0]
            break
        if me > rchild:
            if me == lchild:
                prev = parent + delta
            size = size - right - 1
            delta += right
            me -= right
            parent = size - 1
        else:
            if me == rchild:
                prev = parent + delta
            size = right
            parent = rchild
    return prev, nxt


def linear_rank(size, root, rank):
    if rank != root:
        return root, []
    return -1, [r for r in range(size - 1, -1, -1) if r != root]


def tree(kind, size, root):
    if kind == "linear":
        f = lambda r: linear_rank(size, root, r)
    elif kind.startswith("chain:"):
        f = lambda r: chain_rank(int(kind[6:]), size, root, r)
    elif kind == "pipeline":
        f = lambda r: chain_rank(1, size, root, r)
    elif kind == "binary":
        f = lambda r: kary_rank(2, size, root, r)
    elif kind == "binomial":
        f = lambda r: binomial_rank(size, root, r)
    else:
        f = lambda r: in_order_rank(size, r)
    rows = [f(r) for r in range(size)]
    holder = size - 1 if kind == "in-order-binary" else root
    return holder, [p for p, _ in rows], [c for _, c in rows]


def decision(n, b, commutative):
    def pick(value, rows, last):
        for bound, alg in rows:
            if value < bound:
                return alg
        return last

    if not commutative:
        if n < 4:
            return 6 if b < 8 else 1
        if n < 8:
            return 1
        if n < 16:
            return pick(b, [(1024, 6), (8192, 1), (16384, 6), (262144, 1)], 6)
        if n < 128:
            return 6
        if n < 256:
            return pick(b, [(512, 6), (1024, 1)], 6)
        return 6
    if n < 4:
        return pick(b, [(8, 7), (16, 4), (32, 3), (262144, 1), (524288, 3), (1048576, 2)], 3)
    if n < 8:
        return pick(b, [(4096, 4), (65536, 2), (262144, 5), (524288, 1), (1048576, 5)], 1)
    if n < 16:
        return 4 if b < 8192 else 5
    if n < 32:
        return 4 if b < 4096 else 5
    if n < 256:
        return 5
    if n < 512:
        return pick(b, [(8192, 5), (16384, 6)], 5)
    if n < 2048:
        return 5
    if n < 4096:
        return pick(b, [(512, 5), (1024, 6), (8192, 5), (16384, 6)], 5)
    return pick(b, [(16, 5), (32, 6), (1024, 5), (2048, 6), (8192, 5), (16384, 6)], 5)


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    kinds = ["linear"] + ["chain:%d" % f for f in (1, 2, 3, 4, 5, 7)] + [
        "pipeline", "binary", "binomial", "in-order-binary"]
    with open(os.path.join(out, "trees.txt"), "w") as f:
        for kind in kinds:
            for n in range(1, 41):
                for root in sorted({0, n - 1}):
                    holder, parents, children = tree(kind, n, root)
                    kids = " ".join(",".join(map(str, c)) if c else "-" for c in children)
                    f.write("%s %d %d %d | %s | %s\n" % (kind, n, root, holder,
                                                          " ".join(map(str, parents)), kids))
    sizes = sorted(set(list(range(1, 41)) + [63, 64, 127, 128, 200, 255, 256, 300, 511, 512,
                                             1000, 2047, 2048, 3000, 4095, 4096, 5000]))
    edges = [1024, 2048, 4096, 8192, 16384, 65536, 262144, 524288, 1048576]
    message = sorted(set([0, 1, 4, 7, 8, 15, 16, 31, 32, 511, 512, 1000]
                         + [e + d for e in edges for d in (-1, 0)] + [4 << 20]))
    with open(os.path.join(out, "decision.txt"), "w") as f:
        for n in sizes:
            for b in message:
                for c in (1, 0):
                    f.write("%d %d %d %d\n" % (n, b, c, decision(n, b, c)))


if __name__ == "__main__":
    main()
