#include "models/platform_graph.h"

#include "base/input_error.h"
#include "base/limits.h"
#include "base/text_util.h"

#include <cmath>
#include <limits>

namespace rl {

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
} // namespace

std::string processorName(int i) {
    std::string name("P"); // not "P" + to_string: GCC 12 warns falsely (-Wrestrict)
    name += std::to_string(i);
    return name;
}

bool PlatformGraph::hasLink(int i, int j) const {
    return i != j && std::isfinite(cost(i, j));
}

void PlatformGraph::validate() const {
    if (n < 2 || n > kMaxSteadyProcessors) {
        throw InputError("the platform graph needs 2 to " + std::to_string(kMaxSteadyProcessors) +
                         " processors, not " + std::to_string(n));
    }
    if (link.size() != static_cast<std::size_t>(n) * n || w.size() != static_cast<std::size_t>(n)) {
        throw InputError("the platform graph has " + std::to_string(link.size()) +
                         " link entries and " + std::to_string(w.size()) +
                         " computation times for n = " + std::to_string(n));
    }
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j) {
            const double c = cost(i, j);
            if (i != j && (std::isnan(c) || c <= 0.0)) {
                throw InputError("link c(" + std::to_string(i) + "," + std::to_string(j) +
                                 ") must be > 0 (or inf: no link), not " + formatNumber(c));
            }
        }
        const double wi = w[static_cast<std::size_t>(i)];
        if (!std::isfinite(wi) || wi < 0.0) {
            throw InputError("w(P" + std::to_string(i) + ") must be a finite number >= 0, not " +
                             formatNumber(wi));
        }
    }
    if (!std::isfinite(messageSize) || messageSize <= 0.0) {
        throw InputError("the message size must be a finite number > 0, not " +
                         formatNumber(messageSize));
    }
    // The linear programs see every link cost and computation time times the message size:
    // each product is held to the magnitude range of base/limits.h, which keeps GLPK's
    // scaling far from overflow and underflow (values of 1e300 or 1e-300 made it abort).
    checkMagnitude(messageSize, "the message size");
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j) {
            const double c = cost(i, j);
            if (i != j && std::isfinite(c)) {
                const std::string what =
                    "link c(" + std::to_string(i) + "," + std::to_string(j) + ")";
                checkMagnitude(c, what);
                checkMagnitude(c * messageSize, what + " times the message size");
            }
        }
        const double wi = w[static_cast<std::size_t>(i)];
        checkMagnitude(wi, "w(P" + std::to_string(i) + ")");
        checkMagnitude(wi * messageSize, "w(P" + std::to_string(i) + ") times the message size");
    }
}

PlatformGraph PlatformGraph::fromFixedCosts(const FixedCosts& costs) {
    costs.validate();
    PlatformGraph g;
    g.n = costs.n;
    g.link.assign(static_cast<std::size_t>(g.n) * g.n, kInf);
    for (int i = 0; i < g.n; ++i) {
        for (int j = 0; j < g.n; ++j) {
            if (i != j) {
                g.link[static_cast<std::size_t>(i) * g.n + j] = costs.transfer(i, j);
            }
        }
        g.w.push_back(costs.reduction(i));
    }
    g.validate();
    return g;
}

PlatformGraph PlatformGraph::parseCsv(std::string_view text, const std::string& source) {
    std::vector<std::vector<double>> rows;
    for (const CsvLine& line : csvDataLines(text)) {
        std::vector<double> row;
        const auto& fields = line.fields;
        for (std::size_t f = 0; f < fields.size(); ++f) {
            const std::string_view v = trim(fields[f]);
            const std::string where =
                source + ":" + std::to_string(line.number) + ": field " + std::to_string(f + 1);
            row.push_back(v == "-" || v == "inf" ? kInf : parseNumber(v, where));
        }
        rows.push_back(std::move(row));
    }
    if (rows.size() < 3) {
        throw InputError(source + ": expected n rows of n link costs then a row of n computation "
                                  "times (n >= 2)");
    }
    PlatformGraph g;
    g.n = static_cast<int>(rows.size()) - 1;
    for (std::size_t r = 0; r < rows.size(); ++r) {
        if (rows[r].size() != static_cast<std::size_t>(g.n)) {
            throw InputError(source + ": row " + std::to_string(r + 1) + " has " +
                             std::to_string(rows[r].size()) + " fields, expected " +
                             std::to_string(g.n));
        }
    }
    for (int i = 0; i < g.n; ++i) {
        for (int j = 0; j < g.n; ++j) {
            g.link.push_back(
                i == j ? kInf : rows[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)]);
        }
    }
    g.w = rows.back();
    try {
        g.validate();
    } catch (const InputError& e) {
        throw InputError(source + ": " + e.what());
    }
    return g;
}

std::string PlatformGraph::toCsv() const {
    std::string out = "# link costs c(i,j) (- = no link), then computation times w\n";
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j) {
            if (j > 0) {
                out += ',';
            }
            out += hasLink(i, j) ? formatNumber(cost(i, j)) : std::string("-");
        }
        out += "\n";
    }
    for (int i = 0; i < n; ++i) {
        if (i > 0) {
            out += ',';
        }
        out += formatNumber(w[static_cast<std::size_t>(i)]);
    }
    return out + "\n";
}

std::vector<std::string> PlatformGraph::presetNames() {
    return {"scatter-toy", "reduce-toy", "ring:N", "complete:N"};
}

PlatformGraph PlatformGraph::preset(std::string_view name) {
    if (name == "scatter-toy") {
        // Seed 002's toy scatter as we read its figure: Ps -> Pa and Ps -> Pb cost 1,
        // Pa -> P0 and Pb -> P0 cost 4/3, Pb -> P1 costs 2/3 (Ps, Pa, Pb, P0, P1 = P0..P4).
        return parseCsv("-,1,1,-,-\n-,-,-,1.3333333333333333,-\n-,-,-,1.3333333333333333,"
                        "0.6666666666666666\n-,-,-,-,-\n-,-,-,-,-\n0,0,0,0,0\n",
                        "scatter-toy");
    }
    if (name == "reduce-toy") {
        // The seed's three-processor reduction (P2 -> P1, P0 -> P1, P1 -> P0), with costs.
        return parseCsv("-,1,2\n1,-,1\n2,1,-\n2,1,2\n", "reduce-toy");
    }
    const auto colon = name.find(':');
    if (colon != std::string_view::npos) {
        const std::string_view kind = name.substr(0, colon);
        const int n = static_cast<int>(parseInteger(name.substr(colon + 1),
                                                    "preset " + std::string(name) + ": N", 2,
                                                    kMaxSteadyProcessors));
        PlatformGraph g;
        g.n = n;
        g.link.assign(static_cast<std::size_t>(n) * n, kInf);
        g.w.assign(static_cast<std::size_t>(n), 1.0);
        if (kind == "ring") { // bidirectional ring, unit costs
            for (int i = 0; i < n; ++i) {
                g.link[static_cast<std::size_t>(i) * n + (i + 1) % n] = 1.0;
                g.link[static_cast<std::size_t>((i + 1) % n) * n + i] = 1.0;
            }
            g.validate();
            return g;
        }
        if (kind == "complete") {
            for (int i = 0; i < n; ++i) {
                for (int j = 0; j < n; ++j) {
                    if (i != j) {
                        g.link[static_cast<std::size_t>(i) * n + j] = 1.0;
                    }
                }
            }
            g.validate();
            return g;
        }
    }
    std::string known;
    for (const std::string& k : presetNames()) {
        known += (known.empty() ? "" : ", ") + k;
    }
    throw InputError("unknown platform-graph preset '" + std::string(name) + "' (known: " + known +
                     ")");
}

} // namespace rl
