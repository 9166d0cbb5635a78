#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace rl::cli {

/// One option of a verb: `--name VALUE` when `value` names the value, a flag otherwise.
struct OptionSpec {
    std::string name;
    std::string value; ///< empty for a flag
    std::string help;
};

/// The parsed command line of one verb. Unknown options, missing values and repeated options
/// raise InputError with the verb named, so the user learns which --help to read.
class Args {
  public:
    Args(const std::string& verb, const std::vector<std::string>& argv,
         const std::vector<OptionSpec>& specs, int maxPositional);

    bool has(const std::string& name) const { return m_values.count(name) > 0; }
    std::optional<std::string> get(const std::string& name) const;
    std::string get(const std::string& name, const std::string& fallback) const;
    long long integer(const std::string& name, long long fallback, long long lo,
                      long long hi) const;
    const std::vector<std::string>& positional() const { return m_positional; }
    bool helpAsked() const { return m_help; }

    static std::string usage(const std::string& verb, const std::string& synopsis,
                             const std::vector<OptionSpec>& specs);

  private:
    std::string m_verb;
    std::map<std::string, std::string> m_values;
    std::vector<std::string> m_positional;
    bool m_help = false;
};

} // namespace rl::cli
