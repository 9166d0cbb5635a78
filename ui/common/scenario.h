#pragma once

#include "algorithms/algorithm_registry.h"
#include "platform/cost_model.h"
#include "platform/fixed_costs.h"
#include "platform/law.h"

#include <QJsonObject>
#include <QString>

#include <cstdint>
#include <optional>
#include <vector>

namespace rl {

/// Everything that defines what the explorer shows: a plain value, saved as versioned JSON.
/// Largest scenario file read (a 16-processor matrix is a few kB; a 4096 one about 100 MB is
/// not a scenario for the explorer).
inline constexpr std::size_t kMaxScenarioBytes = std::size_t{16} << 20;

struct Scenario {
    static constexpr int kVersion = 1;

    int n = 16;
    std::vector<AlgorithmId> algorithms{AlgorithmId::FibonacciStat,
                                        AlgorithmId::TreeDyn}; ///< paper order
    bool nonCommutative = false;
    CostMode costMode = CostMode::PerOperation;
    Law transfer = Law::gamma(1.0, 0.5);
    Law reduction = Law::gamma(0.5, 0.5);
    std::optional<FixedCosts> matrix; ///< FixedMatrix mode
    std::uint64_t seed = 1;
    std::uint64_t replicate = 0;

    /// The demo that the GUI opens with: n = 16, Tree-dyn beside Fibonacci-stat, gamma costs.
    static Scenario demo() { return {}; }

    CostModel costModel() const;
    /// Throws InputError naming the first problem (bad n, law, matrix size, algorithm/mode).
    void validate() const;

    QJsonObject toJson() const;
    /// Throws InputError on a malformed document or a newer version.
    static Scenario fromJson(const QJsonObject& o);
    /// Reads and validates a scenario file; throws InputError naming the file and the problem.
    static Scenario load(const QString& path);
    /// Writes atomically; returns false with a message naming the path on failure.
    bool save(const QString& path, QString* error) const;

    friend bool operator==(const Scenario&, const Scenario&) = default;
};

} // namespace rl
