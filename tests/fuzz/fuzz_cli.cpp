// The argument vector of every reducelab-cli verb, run in-process through runCli(). The input
// is the arguments separated by NUL bytes. Every run must end with exit 0 or 2 (a named
// problem); exit 1 (an internal error: an exception other than a refusal), a crash, a
// sanitizer report or a hang is a finding.
//
// To keep each run short and side-effect free, the harness drops the options that name files
// (outputs and inputs), skips `bench` (it times itself for seconds), caps the sizes a run may
// ask for (n, replicates, grid points, preset sizes) and gives sweeps a small default grid.
#include "cli_commands.h"
#include "fuzz_input.h"

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <set>
#include <streambuf>
#include <string>
#include <vector>

namespace {

class NullBuffer : public std::streambuf {
  protected:
    int overflow(int c) override { return c; }
};

/// Largest value accepted for a numeric option in a fuzz run (absent: no cap).
double capOf(const std::string& option) {
    static const std::pair<const char*, double> kCaps[] = {
        {"n", 64},     {"replicates", 2000}, {"threads", 2},        {"bins", 64},
        {"rounds", 8}, {"max-rounds", 8},    {"exact-limit", 4096}, {"replicate", 1e6}};
    for (const auto& [name, cap] : kCaps) {
        if (option == name) {
            return cap;
        }
    }
    return -1.0;
}

/// True when every integer written in `text` (digits runs) is at most `cap`.
bool numbersAtMost(const std::string& text, double cap) {
    double current = -1.0;
    for (std::size_t i = 0; i <= text.size(); ++i) {
        if (i < text.size() && text[i] >= '0' && text[i] <= '9') {
            current = (current < 0 ? 0 : current) * 10 + (text[i] - '0');
            if (current > cap) {
                return false;
            }
        } else {
            current = -1.0;
        }
    }
    return true;
}

bool withinCaps(const std::string& option, const std::string& value) {
    if (const double cap = capOf(option); cap >= 0) {
        return numbersAtMost(value, cap) && value.find('e') == std::string::npos &&
               value.find('E') == std::string::npos;
    }
    if (option == "cv" || option == "ratio") {
        return std::count(value.begin(), value.end(), ':') < 2 ||
               numbersAtMost(value.substr(value.rfind(':') + 1), 5);
    }
    if (option == "preset" || option == "fixed-preset" || option == "times" ||
        option == "workers" || option == "targets") {
        // List lengths and the N of ring:N / complete:N stay small.
        return std::count(value.begin(), value.end(), ',') < 8 &&
               (value.rfind("ring:", 0) != 0 || numbersAtMost(value, 6)) &&
               (value.rfind("complete:", 0) != 0 || numbersAtMost(value, 6));
    }
    return true;
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    // The verbs' output goes nowhere: the harness judges by exit codes and crashes.
    static NullBuffer null;
    std::cout.rdbuf(&null);
    std::cerr.rdbuf(&null);
    if (std::freopen("/dev/null", "w", stdout) == nullptr) {
        std::perror("/dev/null");
    }
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::vector<std::string> raw;
    std::string current;
    for (std::size_t i = 0; i < size; ++i) {
        if (data[i] == 0) {
            raw.push_back(current);
            current.clear();
        } else {
            current += static_cast<char>(data[i]);
        }
    }
    raw.push_back(current);
    if (raw.size() > 24 || raw.front() == "bench") {
        return 0;
    }
    static const std::set<std::string> kFileOptions = {
        "out", "hist",   "paje",  "gantt",     "tree",      "figure",     "png",     "svg",
        "pdf", "matrix", "graph", "animation", "narration", "checkpoint", "scenario"};
    std::vector<std::string> args;
    std::set<std::string> given;
    for (std::size_t i = 0; i < raw.size(); ++i) {
        std::string arg = raw[i];
        if (arg.rfind("--", 0) != 0 || arg.size() > 256) {
            args.push_back(arg);
            continue;
        }
        std::string name = arg.substr(2);
        std::string value;
        bool inlineValue = false;
        if (const auto eq = name.find('='); eq != std::string::npos) {
            value = name.substr(eq + 1);
            name = name.substr(0, eq);
            inlineValue = true;
        } else if (i + 1 < raw.size() && raw[i + 1].rfind("--", 0) != 0) {
            value = raw[i + 1];
        }
        if (name == "large" || name == "progress") {
            continue;
        }
        if (kFileOptions.count(name)) {
            i += inlineValue || value.empty() ? 0 : 1;
            continue;
        }
        if (name == "html") {
            // The web pages are made whole (the writer is fuzzed too) and written nowhere.
            i += inlineValue || value.empty() ? 0 : 1;
            args.push_back("--html");
            args.push_back("/dev/null");
            given.insert(name);
            continue;
        }
        if (!withinCaps(name, value)) {
            return 0;
        }
        given.insert(name);
        args.push_back(arg);
    }
    if (!args.empty() && args.front() == "sweep") {
        // The figures' defaults are 10^6 replicates on 25 to 31 x 21 points.
        for (const auto& [option, value] : {std::pair<const char*, const char*>{"replicates", "8"},
                                            {"cv", "1"},
                                            {"ratio", "1"}}) {
            if (!given.count(option)) {
                args.push_back(std::string("--") + option);
                args.push_back(value);
            }
        }
    }
    if (rl::cli::runCli(args) == 1) {
        rl::fuzz::finding("an internal error (exit 1)");
    }
    return 0;
}
