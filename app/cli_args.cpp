#include "cli_args.h"

#include "base/input_error.h"
#include "base/text_util.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <iostream>
#include <mutex>
#include <thread>
#include <unistd.h>

namespace rl::cli {

Args::Args(const std::string& verb, const std::vector<std::string>& argv,
           const std::vector<OptionSpec>& specs, int maxPositional, const std::string& program)
    : m_verb(verb) {
    for (std::size_t i = 0; i < argv.size(); ++i) {
        const std::string& a = argv[i];
        if (a == "--help" || a == "-h") {
            m_help = true;
            continue;
        }
        if (a.rfind("--", 0) != 0) {
            if (static_cast<int>(m_positional.size()) >= maxPositional) {
                throw InputError(verb + ": unexpected argument '" + a + "' (see " + program + " " +
                                 verb + " --help)");
            }
            m_positional.push_back(a);
            continue;
        }
        std::string name = a.substr(2);
        std::optional<std::string> inlineValue;
        if (const auto eq = name.find('='); eq != std::string::npos) {
            inlineValue = name.substr(eq + 1);
            name = name.substr(0, eq);
        }
        const auto spec = std::find_if(specs.begin(), specs.end(),
                                       [&](const OptionSpec& s) { return s.name == name; });
        if (spec == specs.end()) {
            throw InputError(verb + ": unknown option --" + name + " (see " + program + " " + verb +
                             " --help)");
        }
        if (m_values.count(name)) {
            throw InputError(verb + ": option --" + name + " is given twice");
        }
        if (spec->value.empty()) {
            if (inlineValue) {
                throw InputError(verb + ": option --" + name + " takes no value");
            }
            m_values[name] = "";
        } else if (inlineValue) {
            m_values[name] = *inlineValue;
        } else {
            if (i + 1 >= argv.size()) {
                throw InputError(verb + ": option --" + name + " needs a value " + spec->value);
            }
            m_values[name] = argv[++i];
        }
    }
}

std::optional<std::string> Args::get(const std::string& name) const {
    const auto it = m_values.find(name);
    if (it == m_values.end()) {
        return std::nullopt;
    }
    return it->second;
}

std::string Args::get(const std::string& name, const std::string& fallback) const {
    return get(name).value_or(fallback);
}

std::string Args::required(const std::string& name, const std::string& value) const {
    auto v = get(name);
    if (!v) {
        throw InputError(m_verb + ": --" + name + " " + value + " is required");
    }
    return std::move(*v);
}

long long Args::integer(const std::string& name, long long fallback, long long lo,
                        long long hi) const {
    const auto v = get(name);
    if (!v) {
        return fallback;
    }
    return parseInteger(*v, "--" + name, lo, hi);
}

double Args::number(const std::string& name, double fallback) const {
    const auto v = get(name);
    return v ? parseNumber(*v, "--" + name) : fallback;
}

std::string Args::usage(const std::string& verb, const std::string& synopsis,
                        const std::vector<OptionSpec>& specs, const std::string& program) {
    std::string out = "usage: " + program + " " + verb + " " + synopsis + "\n\noptions:\n";
    for (const OptionSpec& s : specs) {
        std::string left = "  --" + s.name + (s.value.empty() ? "" : " " + s.value);
        if (left.size() < 30) {
            left.resize(30, ' ');
        } else {
            left += "\n" + std::string(30, ' ');
        }
        out += left + s.help + "\n";
    }
    out += "  --help                      this text\n";
    return out;
}

VerbOutputs::VerbOutputs(const Args& a, const std::vector<std::string>& outputs,
                         const std::vector<std::string>& inputs) {
    for (const std::string& option : inputs) {
        if (const auto path = a.get(option)) {
            m_set.declareInput("--" + option, *path);
            m_inputs.push_back(*path);
        }
    }
    for (std::size_t i = 0; i < outputs.size(); ++i) {
        const auto path = a.get(outputs[i]);
        if (!path && i > 0) {
            continue;
        }
        if (!path) { // the main output, on standard output unless another output takes it
            for (std::size_t j = 1; j < outputs.size(); ++j) {
                if (a.get(outputs[j]) == "-") {
                    throw InputError("--" + outputs[j] + " '-': standard output is where --" +
                                     outputs[0] + " writes when it is not given; add --" +
                                     outputs[0] + " FILE (or --" + outputs[0] + " /dev/null)");
                }
            }
        }
        const std::string target = path ? *path : "-";
        m_set.declare("--" + outputs[i], target);
        m_paths[outputs[i]] = target;
        if (i == 0) {
            m_main = outputs[i];
        }
    }
}

const std::string& VerbOutputs::path(const std::string& option) const {
    const auto it = m_paths.find(option);
    if (it == m_paths.end()) {
        throw std::logic_error("output --" + option + " was not given");
    }
    return it->second;
}

void VerbOutputs::declareAlso(const std::string& option, const std::string& name,
                              const std::string& path) {
    m_set.declare("--" + option + " " + name, path);
    m_paths[name] = path;
}

void VerbOutputs::declareArchive(const Args& a, const std::string& option) {
    const auto dir = a.get(option);
    if (!dir) {
        return;
    }
    checkOtf2Target("--" + option, *dir);
    std::vector<std::string> others = m_inputs;
    for (const auto& [name, path] : m_paths) {
        others.push_back(path);
    }
    for (const std::string& other : others) {
        if (samePathOrFile(*dir, other)) {
            throw InputError("--" + option + " " + quoted(*dir) +
                             ": is also another input or output of this command; refused");
        }
    }
    m_archivePath = *dir;
}

void VerbOutputs::stageArchive(const Schedule& s, const Otf2Metadata& metadata) {
    m_archive = std::make_unique<Otf2Archive>(s, metadata, m_archivePath);
}

void VerbOutputs::commit() {
    if (m_archive) {
        m_archive->commit();
    }
    try {
        m_set.commit();
    } catch (...) {
        if (m_archive) {
            m_archive->undo();
        }
        throw;
    }
}

void VerbOutputs::commitWith(std::string_view mainContent) {
    stage(m_main, mainContent);
    commit();
}

void VerbOutputs::stage(const std::string& option, std::string_view content) {
    m_set.stage(path(option), content);
}

namespace {
double nowSeconds() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

} // namespace

std::vector<OptionSpec> progressOptions() {
    return {{"progress", "", "show progress on standard error even when it is not a terminal"},
            {"quiet", "", "no progress report"}};
}

ProgressLine::ProgressLine(const Args& a, std::string label)
    : m_enabled(!a.has("quiet") && (a.has("progress") || ::isatty(STDERR_FILENO) == 1)),
      m_label(std::move(label)), m_start(nowSeconds()) {}

ProgressLine::~ProgressLine() {
    if (m_open) {
        std::cerr << '\n' << std::flush;
    }
}

bool ProgressLine::operator()(std::uint64_t done, std::uint64_t total) {
    if (!m_enabled) {
        return true;
    }
    const double now = nowSeconds();
    if (done < total && now - m_last < 0.1) {
        return true;
    }
    m_last = now;
    const double fraction =
        total > 0 ? static_cast<double>(done) / static_cast<double>(total) : 1.0;
    constexpr int kWidth = 30;
    const int filled = static_cast<int>(fraction * kWidth);
    std::string bar(static_cast<std::size_t>(filled), '#');
    bar.resize(kWidth, '.');
    std::string line =
        "\r" + m_label + " [" + bar + "] " + std::to_string(static_cast<int>(fraction * 100)) + "%";
    const double elapsed = now - m_start;
    if (fraction > 0.0 && done < total) {
        line += ", about " + formatDuration(elapsed * (1.0 - fraction) / fraction) + " left";
    } else if (done == 0 && m_estimate >= 0.0) {
        line += ", about " + formatDuration(m_estimate) + " (estimated)";
    }
    line += "   ";
    std::cerr << line << std::flush;
    m_open = true;
    m_width = std::max(m_width, line.size() - 1); // without the "\r"
    return true;
}

void ProgressLine::notice(const std::string& text) {
    if (!m_enabled) {
        return;
    }
    std::string line = m_label + ": " + text;
    if (line.size() < m_width) {
        line.resize(m_width, ' ');
    }
    std::cerr << "\r" << line << "\n" << std::flush;
    m_open = false;
    m_last = -1.0; // the progress line comes back at the next report
}

void ProgressLine::estimate(double seconds) {
    m_estimate = seconds;
    (*this)(0, 1);
}

void ProgressLine::finish(const std::string& note) {
    if (!m_enabled) {
        return;
    }
    std::cerr << "\r" << m_label << ": " << note << "                                        \n"
              << std::flush;
    m_open = false;
}

struct ElapsedLine::Ticker {
    std::mutex mutex;
    std::condition_variable wake;
    bool stop = false;
    bool shown = false;
    bool asked = false; // --progress: the closing line is printed even after a quick command
    std::string label;
    std::string what;
    std::thread thread;
};

ElapsedLine::ElapsedLine(const Args& a, std::string label, std::string what) {
    if (a.has("quiet") || !(a.has("progress") || ::isatty(STDERR_FILENO) == 1)) {
        return;
    }
    m_ticker = std::make_unique<Ticker>();
    m_ticker->label = std::move(label);
    m_ticker->what = std::move(what);
    m_ticker->asked = a.has("progress");
    Ticker* t = m_ticker.get();
    t->thread = std::thread([t] {
        const double start = nowSeconds();
        std::unique_lock lock(t->mutex);
        // Half a second of quiet first: a quick command prints nothing at all.
        for (auto wait = std::chrono::milliseconds(500); !t->stop;
             wait = std::chrono::milliseconds(500)) {
            if (t->wake.wait_for(lock, wait, [t] { return t->stop; })) {
                break;
            }
            std::cerr << "\r" << t->label << ": " << t->what << "… "
                      << formatDuration(nowSeconds() - start) << "   " << std::flush;
            t->shown = true;
        }
    });
}

void ElapsedLine::finish(const std::string& note) {
    if (!m_ticker) {
        return;
    }
    {
        const std::lock_guard lock(m_ticker->mutex);
        m_ticker->stop = true;
    }
    m_ticker->wake.notify_all();
    m_ticker->thread.join();
    if (m_ticker->shown || m_ticker->asked) {
        std::cerr << "\r" << m_ticker->label << ": " << note
                  << "                                        \n"
                  << std::flush;
    }
    m_ticker.reset();
}

void ElapsedLine::setWhat(std::string what) {
    if (m_ticker) {
        const std::lock_guard lock(m_ticker->mutex);
        m_ticker->what = std::move(what);
    }
}

ElapsedLine::~ElapsedLine() {
    finish("stopped");
}

} // namespace rl::cli
