#pragma once

#include "experiment/mc_block.h"
#include "experiment/monte_carlo.h"

#include "base/byte_codec.h"

namespace rl {

/// The binary form of Monte Carlo requests and partial results (reducelab-mpi's messages and
/// sweep checkpoints). Doubles are written as their bits, so a decoded value is the same to the
/// bit. Every reader bounds-checks its input and validates what it decodes (InputError).

void writeMcConfig(ByteWriter& w, const McConfig& config);
/// Throws InputError on a malformed or invalid configuration (McConfig::validate included).
/// Algorithms travel as their keys, resolved in `catalog` (the reader's built-ins and run-time
/// algorithms).
McConfig readMcConfig(ByteReader& r, const AlgorithmCatalog& catalog);

void writeBlockResult(ByteWriter& w, const McBlockResult& block);
/// A block of `config`: its index, and sizes matching the configuration, are checked.
McBlockResult readBlockResult(ByteReader& r, const McConfig& config);

/// Every field of a summary, samples included when it holds them.
void writeSummary(ByteWriter& w, const McSummary& summary);
/// `known`: the algorithms the summary may be of (its configuration's).
McSummary readSummary(ByteReader& r, std::span<const Algorithm> known);

/// A point's paired analysis.
void writeAnalysis(ByteWriter& w, const PointAnalysis& analysis);
PointAnalysis readAnalysis(ByteReader& r);

/// A complete point's result: its replicates, summaries and paired analysis (a few kB: what a
/// point's owner sends to reducelab-mpi's rank 0, and what a checkpoint records per point).
void writePointResult(ByteWriter& w, const McResult& result);
/// A complete result of a point of `config`: every field is checked against it (InputError).
McResult readPointResult(ByteReader& r, const McConfig& config);

} // namespace rl
