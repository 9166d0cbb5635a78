#pragma once

#include "experiment/progressive_sweep.h"
#include "experiment/sweep.h"

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace rl {

/// Largest sweep CSV or sidecar read back (Fig. 5 at n = 64 is about 200 kB of CSV).
inline constexpr std::size_t kMaxSweepResultsBytes = std::size_t{64} << 20;

/// The version of the sidecar's format ("version" in the file): a reader refuses a newer one.
inline constexpr int kSweepSidecarVersion = 1;

/// A sweep's results as the figures and the drill-down need them, read back from a CSV written
/// by `reducelab-cli sweep`, `reducelab-mpi sweep` or a panel's Export data….
struct SweepResults {
    Figure figure = Figure::Fig4;
    std::shared_ptr<const GridSnapshot> snapshot; ///< complete; paired fields when analysed
};

/// The sidecar beside a results CSV: "FILE.csv" -> "FILE.csv.json". It carries what the CSV's
/// columns cannot: the figure, the laws, the seed, the grid's exact values, the algorithms and
/// each point's paired analysis (the replicates a drill-down replays).
std::string sweepSidecarPath(std::string_view csvPath);
/// The sidecar written beside results written to `csvPath`: none for standard output ("-") or
/// a device such as /dev/null.
std::optional<std::string> sweepSidecarFor(const std::string& csvPath);

/// The sidecar of `snapshot` drawn as `fig` (versioned JSON, "format":
/// "reducelab-sweep-results", kSweepSidecarVersion).
std::string sweepSidecar(const GridSnapshot& snapshot, Figure fig);

/// The fingerprint of a results CSV that its sidecar records (FNV-1a, 16 hex digits): an
/// edited or exchanged CSV is refused (a changed number still parses, so rows alone cannot tell).
std::string sweepCsvFingerprint(std::string_view csv);

/// Writes the CSV and its sidecar, both or neither (rl::OutputSet); throws InputError or
/// OutputError naming the path.
void saveSweepResults(const GridSnapshot& snapshot, Figure fig, const std::string& csvPath);

/// Reads results from the CSV text and its sidecar's text. The CSV must be exactly what the
/// sweep the sidecar describes wrote; throws InputError naming the problem otherwise.
/// Algorithms are named by their keys, resolved in `catalog`.
SweepResults parseSweepResults(std::string_view csv, std::string_view sidecar,
                               const AlgorithmCatalog& catalog);

/// Reads `csvPath` and its sidecar (bounded, regular files only); throws InputError naming the
/// file and the problem.
SweepResults loadSweepResults(const std::string& csvPath, const AlgorithmCatalog& catalog);

} // namespace rl
