#pragma once

#include "algorithms/algorithm_registry.h"

#include <string>
#include <vector>

namespace rl {

/// One cell of RR §4 Table 1, measured on the instance that is meant to reach it.
struct RatioRow {
    std::string theorem;  ///< "Th. 1" ... "Th. 5", or "-" (Non-Commut-Tree-dyn: none proved)
    std::string costCase; ///< "c = 0", "c = 0.5", "c = d"
    Algorithm algorithm = AlgorithmId::BinomialStat;
    double bound = 0.0;      ///< the theorem's ratio (NaN where none is proved)
    double c = 0.0;          ///< reduction cost of the instance
    double makespan = 0.0;   ///< measured on the instance (fixed costs, one run)
    double lowerBound = 0.0; ///< docs/model.md §5, invariant 6: ceil(log2 n) d
    double optimum = 0.0;    ///< optimal makespan of the instance (see worstCaseRatios)
    double ratio = 0.0;      ///< makespan / optimum
    bool reached = false;    ///< ratio equals the bound (to 1e-9 relative)
    std::string note;        ///< when and why the bound is (not) reached
};

/// RR §4 Table 1 for n processors on the instance d[i][j] = d (i < j), D (i > j), c[j] = c
/// (RR Th. 1 and Th. 4; docs/model.md §2 preset worstcase:d:D:c), for the three cost cases of the
/// table: c = 0, the given c, and c = d. Each row simulates its algorithm on the instance.
///
/// The optimum of the instance is the optimal homogeneous makespan with costs (d, c): costs are
/// >= d so it bounds every schedule (see homogeneousOptimum), and the optimal homogeneous tree
/// laid out with every sender below its receiver uses only transfers of cost d, so it is met.
/// Under docs/model.md §3's tie-break the instances reach their bounds only for n = 2^k (Th. 1; Th.
/// 4 only asymptotically; Th. 2, 3 and 5 have no instance that reaches them): the notes say so.
/// Throws InputError for n < 2, d <= 0, D < d or c < 0.
std::vector<RatioRow> worstCaseRatios(int n, double d, double bigD, double c);

/// Table 1's bound of one theorem ("Th. 1" ... "Th. 5"; Th. 5 with c == d gives its c = d
/// form). NaN for an unknown theorem.
double theoremBound(const std::string& theorem, int n, double delta, bool cEqualsD);

/// CSV: theorem,case,algorithm,bound,c,makespan,lower_bound,optimum,ratio,reached,note
std::string ratiosCsv(const std::vector<RatioRow>& rows);

} // namespace rl
