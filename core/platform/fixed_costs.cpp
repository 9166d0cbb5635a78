#include "platform/fixed_costs.h"

#include "base/input_error.h"
#include "base/limits.h"
#include "base/text_util.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace rl {

double FixedCosts::minTransfer() const {
    double best = std::numeric_limits<double>::infinity();
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j) {
            if (i != j) {
                best = std::min(best, transfer(i, j));
            }
        }
    }
    return n < 2 ? 0.0 : best;
}

void checkMatrixMemory(std::uint64_t n) {
    checkMemory(memoryProduct(memoryProduct(n, n), sizeof(double)),
                "a cost matrix for n = " + std::to_string(n) + " processors");
}

void FixedCosts::validate() const {
    if (n < 1) {
        throw InputError("cost matrix: n must be >= 1 (got " + std::to_string(n) + ")");
    }
    const auto nn = static_cast<std::size_t>(n);
    if (d.size() != nn * nn || c.size() != nn) {
        throw InputError("cost matrix: expected " + std::to_string(n) + "x" + std::to_string(n) +
                         " transfer costs and " + std::to_string(n) + " reduction costs");
    }
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j) {
            const double v = transfer(i, j);
            if (i != j && (!std::isfinite(v) || v < 0.0)) {
                throw InputError("cost matrix: d[" + std::to_string(i) + "][" + std::to_string(j) +
                                 "] = " + formatNumber(v) + " must be finite and >= 0");
            }
            if (i != j) {
                checkMagnitude(v, "cost matrix: d[" + std::to_string(i) + "][" + std::to_string(j) +
                                      "]");
            }
        }
        if (!std::isfinite(c[static_cast<std::size_t>(i)]) ||
            c[static_cast<std::size_t>(i)] < 0.0) {
            throw InputError("cost matrix: c[" + std::to_string(i) +
                             "] = " + formatNumber(c[static_cast<std::size_t>(i)]) +
                             " must be finite and >= 0");
        }
        checkMagnitude(c[static_cast<std::size_t>(i)], "cost matrix: c[" + std::to_string(i) + "]");
    }
}

FixedCosts FixedCosts::homogeneous(int n, double dv, double cv) {
    return worstCase(n, dv, dv, cv);
}

FixedCosts FixedCosts::worstCase(int n, double small, double bigD, double cv) {
    if (n < 1) {
        throw InputError("preset: n must be >= 1 (got " + std::to_string(n) + ")");
    }
    checkMatrixMemory(n);
    FixedCosts f;
    f.n = n;
    const auto nn = static_cast<std::size_t>(n);
    f.d.assign(nn * nn, 0.0);
    f.c.assign(nn, cv);
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j) {
            if (i != j) {
                f.d[static_cast<std::size_t>(i) * nn + static_cast<std::size_t>(j)] =
                    i < j ? small : bigD;
            }
        }
    }
    f.validate();
    return f;
}

FixedCosts FixedCosts::senderOnly(const std::vector<double>& t) {
    if (t.empty()) {
        throw InputError("preset: at least one sender time is needed");
    }
    checkMatrixMemory(t.size());
    FixedCosts f;
    f.n = static_cast<int>(t.size());
    const auto nn = t.size();
    f.d.assign(nn * nn, 0.0);
    f.c.assign(nn, 0.0);
    for (std::size_t i = 0; i < nn; ++i) {
        for (std::size_t j = 0; j < nn; ++j) {
            if (i != j) {
                f.d[i * nn + j] = t[i];
            }
        }
    }
    f.validate();
    return f;
}

FixedCosts FixedCosts::liuWangFig1() {
    return senderOnly({10, 5, 5, 5, 4, 2, 2});
}

FixedCosts FixedCosts::liuWangFig8(double x) {
    std::vector<double> t(4, x);
    t.insert(t.end(), 8, 1.0);
    return senderOnly(t);
}

FixedCosts FixedCosts::parseCsv(std::string_view text, const std::string& source) {
    std::vector<std::vector<double>> rows;
    for (const CsvLine& line : csvDataLines(text)) {
        const std::string at = source + ":" + std::to_string(line.number);
        std::vector<double> row;
        int col = 0;
        for (const std::string& field : line.fields) {
            ++col;
            row.push_back(parseNumber(field, at + ": column " + std::to_string(col)));
        }
        if (!rows.empty() && row.size() != rows.front().size()) {
            throw InputError(at + ": expected " + std::to_string(rows.front().size()) +
                             " values, found " + std::to_string(row.size()));
        }
        rows.push_back(std::move(row));
    }
    if (rows.empty()) {
        throw InputError(source + ": no cost rows (expected n lines of n transfer costs)");
    }
    const std::size_t n = rows.front().size();
    if (rows.size() != n && rows.size() != n + 1) {
        throw InputError(source + ": expected " + std::to_string(n) + " rows of transfer costs (" +
                         std::to_string(n) +
                         " columns) and an optional row of reduction costs, found " +
                         std::to_string(rows.size()) + " rows");
    }
    FixedCosts f;
    f.n = static_cast<int>(n);
    for (std::size_t i = 0; i < n; ++i) {
        f.d.insert(f.d.end(), rows[i].begin(), rows[i].end());
        f.d[i * n + i] = 0.0; // the diagonal is unused; any value is accepted there
    }
    f.c = rows.size() == n + 1 ? rows[n] : std::vector<double>(n, 0.0);
    try {
        f.validate();
    } catch (const InputError& e) {
        throw InputError(source + ": " + e.what());
    }
    return f;
}

std::string FixedCosts::toCsv() const {
    std::string out = "# ReduceLab cost matrix: " + std::to_string(n) +
                      " rows of transfer costs d[i][j], then one row of reduction costs c[j]\n";
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j) {
            out += j ? "," : "";
            out += formatNumber(i == j ? 0.0 : transfer(i, j));
        }
        out += '\n';
    }
    for (int j = 0; j < n; ++j) {
        out += j ? "," : "";
        out += formatNumber(reduction(j));
    }
    out += '\n';
    return out;
}

} // namespace rl
