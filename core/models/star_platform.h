#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace rl {

/// One worker of a master-worker star (seed 004, Vivien): sending one load unit from the master
/// takes `c`, computing it `w`, sending its result back `d`; every message also pays `latency`
/// (the affine model of the multi-round part; 0 elsewhere).
struct Worker {
    double c = 1.0;
    double w = 1.0;
    double d = 0.0;
    double latency = 0.0;
    friend bool operator==(const Worker&, const Worker&) = default;
};

/// A star platform: the master P0 holds the whole divisible load; the workers P1..Pp. The master
/// computes too when `masterW > 0` (seconds per unit; it then starts at time 0, needing no
/// message). A bus is a star whose workers share one `c`. Plain value.
struct StarPlatform {
    double masterW = 0.0;
    std::vector<Worker> workers;

    int workerCount() const { return static_cast<int>(workers.size()); }
    /// Throws InputError naming the worker and the field when a cost is negative, not finite,
    /// or c + w = 0 (a worker that would absorb any load in no time).
    void validate() const;
    /// A bus: every worker has the same c (no returns, no latency).
    static StarPlatform bus(double c, const std::vector<double>& w, double masterW = 0.0);
    /// Parses "c:w[:d[:latency]],c:w..." (one group per worker).
    static StarPlatform parseWorkers(std::string_view text, double masterW = 0.0);
    /// The seed's examples as presets: "bus", "star", "returns", "fifo", "multiround".
    static StarPlatform preset(std::string_view name);
    static std::vector<std::string> presetNames();
    friend bool operator==(const StarPlatform&, const StarPlatform&) = default;
};

/// "worker P3" for worker index 2 (the master is P0): names in messages.
std::string workerName(int i);

} // namespace rl
