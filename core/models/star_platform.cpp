#include "models/star_platform.h"

#include "base/input_error.h"
#include "base/text_util.h"

#include <cmath>

namespace rl {

namespace {

void checkCost(double v, const std::string& what) {
    if (!std::isfinite(v) || v < 0.0) {
        throw InputError(what + " must be a finite number >= 0, not " + formatNumber(v));
    }
}

} // namespace

std::string workerName(int i) {
    std::string name("worker P"); // not "..." + to_string: GCC 12 warns falsely (-Wrestrict)
    name += std::to_string(i + 1);
    return name;
}

void StarPlatform::validate() const {
    if (workers.empty()) {
        throw InputError("the star platform has no worker");
    }
    checkCost(masterW, "the master's computation time per unit");
    for (int i = 0; i < workerCount(); ++i) {
        const Worker& wk = workers[static_cast<std::size_t>(i)];
        checkCost(wk.c, workerName(i) + ": c");
        checkCost(wk.w, workerName(i) + ": w");
        checkCost(wk.d, workerName(i) + ": d");
        checkCost(wk.latency, workerName(i) + ": latency");
        if (wk.c + wk.w <= 0.0) {
            throw InputError(workerName(i) +
                             ": c + w must be > 0 (it would absorb any load in no time)");
        }
    }
}

StarPlatform StarPlatform::bus(double c, const std::vector<double>& w, double masterW) {
    StarPlatform p;
    p.masterW = masterW;
    for (double wi : w) {
        p.workers.push_back({c, wi, 0.0, 0.0});
    }
    p.validate();
    return p;
}

StarPlatform StarPlatform::parseWorkers(std::string_view text, double masterW) {
    StarPlatform p;
    p.masterW = masterW;
    const auto groups = splitString(trim(text), ',');
    for (std::size_t g = 0; g < groups.size(); ++g) {
        const std::string where = "worker " + std::to_string(g + 1) + " '" + groups[g] + "'";
        const auto f = splitString(trim(groups[g]), ':');
        if (f.size() < 2 || f.size() > 4) {
            throw InputError(where + ": expected c:w[:d[:latency]]");
        }
        Worker wk;
        wk.c = parseNumber(f[0], where + " c");
        wk.w = parseNumber(f[1], where + " w");
        wk.d = f.size() > 2 ? parseNumber(f[2], where + " d") : 0.0;
        wk.latency = f.size() > 3 ? parseNumber(f[3], where + " latency") : 0.0;
        p.workers.push_back(wk);
    }
    p.validate();
    return p;
}

std::vector<std::string> StarPlatform::presetNames() {
    return {"bus", "star", "returns", "fifo", "multiround"};
}

StarPlatform StarPlatform::preset(std::string_view name) {
    // The slides draw their examples without numbers; these platforms show the same effects
    // (values chosen here).
    if (name == "bus") { // slides 3: the master computes too, one shared c
        return bus(1.0, {3.0, 4.0, 5.0, 6.0}, 3.0);
    }
    if (name == "star") { // slides 4: order matters, serve by decreasing bandwidth
        return parseWorkers("2:3,0.5:6,1:4,3:2");
    }
    if (name == "returns") { // slides 5: LIFO by c + d, no idle time
        return parseWorkers("1:3:0.5,2:4:1,0.5:5:0.25,1.5:2:0.75");
    }
    if (name == "fifo") { // slides 5: FIFO selects a prefix of the c + d order
        return parseWorkers("1:2:0.8,1.2:2:0.96,4:1:3.2,6:1:4.8");
    }
    if (name == "multiround") { // slides 6: latencies, many rounds
        return parseWorkers("0.1:1:0:0.3,0.2:1.5:0:0.3,0.15:2:0:0.3,0.3:1:0:0.3");
    }
    std::string known;
    for (const std::string& n : presetNames()) {
        known += (known.empty() ? "" : ", ") + n;
    }
    throw InputError("unknown divisible-load preset '" + std::string(name) + "' (known: " + known +
                     ")");
}

} // namespace rl
