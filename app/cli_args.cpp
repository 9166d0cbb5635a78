#include "cli_args.h"

#include "base/input_error.h"
#include "base/text_util.h"

#include <algorithm>

namespace rl::cli {

Args::Args(const std::string& verb, const std::vector<std::string>& argv,
           const std::vector<OptionSpec>& specs, int maxPositional)
    : m_verb(verb) {
    for (std::size_t i = 0; i < argv.size(); ++i) {
        const std::string& a = argv[i];
        if (a == "--help" || a == "-h") {
            m_help = true;
            continue;
        }
        if (a.rfind("--", 0) != 0) {
            if (static_cast<int>(m_positional.size()) >= maxPositional) {
                throw InputError(verb + ": unexpected argument '" + a + "' (see reducelab-cli " +
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
            throw InputError(verb + ": unknown option --" + name + " (see reducelab-cli " + verb +
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

long long Args::integer(const std::string& name, long long fallback, long long lo,
                        long long hi) const {
    const auto v = get(name);
    if (!v) {
        return fallback;
    }
    return parseInteger(*v, "--" + name, lo, hi);
}

std::string Args::usage(const std::string& verb, const std::string& synopsis,
                        const std::vector<OptionSpec>& specs) {
    std::string out = "usage: reducelab-cli " + verb + " " + synopsis + "\n\noptions:\n";
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

} // namespace rl::cli
