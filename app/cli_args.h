#pragma once

#include "base/file_io.h"
#include "schedule/otf2_archive.h"

#include <map>
#include <memory>
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
    /// `program` names the executable in messages ("see reducelab-cli mc --help").
    Args(const std::string& verb, const std::vector<std::string>& argv,
         const std::vector<OptionSpec>& specs, int maxPositional,
         const std::string& program = "reducelab-cli");

    bool has(const std::string& name) const { return m_values.count(name) > 0; }
    std::optional<std::string> get(const std::string& name) const;
    std::string get(const std::string& name, const std::string& fallback) const;
    /// The value of a required option; absent, InputError "<verb>: --<name> <value> is
    /// required" (`value` names it, e.g. "LIST").
    std::string required(const std::string& name, const std::string& value) const;
    long long integer(const std::string& name, long long fallback, long long lo,
                      long long hi) const;
    /// The option as a finite number, or `fallback` when it is absent.
    double number(const std::string& name, double fallback) const;
    const std::vector<std::string>& positional() const { return m_positional; }
    bool helpAsked() const { return m_help; }

    static std::string usage(const std::string& verb, const std::string& synopsis,
                             const std::vector<OptionSpec>& specs,
                             const std::string& program = "reducelab-cli");

  private:
    std::string m_verb;
    std::map<std::string, std::string> m_values;
    std::vector<std::string> m_positional;
    bool m_help = false;
};

/// The files one verb writes, all or nothing (rl::OutputSet). Built right after the arguments
/// are parsed and before any computation: every output option given is checked then (folder,
/// special files, inputs named as outputs), so a bad path fails at once and nothing is written.
/// `--out` absent means standard output. The verb stages each output's content as it is
/// computed; commit() shows them all at the end. An exception before commit() leaves no file.
class VerbOutputs {
  public:
    /// `outputs`: the verb's output options (the first is the main one, e.g. "out"); `inputs`:
    /// its input-file options (e.g. "matrix", and "checkpoint", which the job writes by
    /// itself), which no output (nor a sidecar declared later) may name, existing or not.
    VerbOutputs(const Args& a, const std::vector<std::string>& outputs,
                const std::vector<std::string>& inputs = {});

    /// True when the output option was given (the main one always counts: standard output).
    bool wanted(const std::string& option) const { return m_paths.count(option) > 0; }
    /// The path of an output option ("-" for standard output).
    const std::string& path(const std::string& option) const;
    /// Declares `path` as a further output of `option` (a sidecar beside its file), staged as
    /// `name` (messages name it "--OPTION NAME").
    void declareAlso(const std::string& option, const std::string& name, const std::string& path);
    /// Stages the whole content of an output that was given.
    void stage(const std::string& option, std::string_view content);
    /// The OTF2 archive option (`--otf2 DIR`, a folder): checked at once (checkOtf2Target(),
    /// and no other output nor input names it) when given.
    void declareArchive(const Args& a, const std::string& option);
    /// True when the archive option was given.
    bool wantsArchive() const { return !m_archivePath.empty(); }
    /// Writes the archive of `s` into its temporary folder, shown by commit().
    void stageArchive(const Schedule& s, const Otf2Metadata& metadata);
    /// Shows every staged output (throws OutputError if that fails, leaving none): the archive
    /// first, removed again should the files fail.
    void commit();
    /// Stages the main output (the first option) and commits.
    void commitWith(std::string_view mainContent);

  private:
    OutputSet m_set;
    std::string m_main;
    std::map<std::string, std::string> m_paths;
    std::vector<std::string> m_inputs;
    std::string m_archivePath;
    std::unique_ptr<Otf2Archive> m_archive;
};

/// A one-line progress report with an estimate of the time left, on standard error, shown
/// when standard error is a terminal (or --progress), never with --quiet. The line is ended
/// when the report is destroyed, so an error message printed after an exception always starts
/// on its own line. It is also the one channel of notices (a checkpoint resumed or kept):
/// shown with the progress, never otherwise, so a failing command run by a script prints only
/// its error line.
class ProgressLine {
  public:
    ProgressLine(const Args& a, std::string label);
    ~ProgressLine();
    ProgressLine(const ProgressLine&) = delete;
    ProgressLine& operator=(const ProgressLine&) = delete;
    /// Reports `done` of `total` (throttled to about 10 updates a second); true (never cancels).
    bool operator()(std::uint64_t done, std::uint64_t total);
    /// Ends the line with a closing note (e.g. "done in 3.2 s").
    void finish(const std::string& note);
    /// A line of its own, "LABEL: TEXT", in place of the progress line shown (which comes
    /// back at the next report); nothing when the progress is not shown.
    void notice(const std::string& text);
    /// Shows the line at 0 % with `seconds` as the estimated time left, until the work's own
    /// progress tells better (a sweep's estimateSweep()).
    void estimate(double seconds);

  private:
    double m_estimate = -1.0;
    bool m_enabled = false;
    bool m_open = false;
    std::string m_label;
    double m_start = 0.0;
    double m_last = -1.0;
    std::size_t m_width = 0; // of the progress line shown last, to blank it out
};

/// For work whose length cannot be estimated (a linear program): the time elapsed, on the
/// line of a ProgressLine, once the work has lasted half a second (quick commands print
/// nothing), updated twice a second by a thread of its own until finish() or destruction.
class ElapsedLine {
  public:
    ElapsedLine(const Args& a, std::string label, std::string what);
    ~ElapsedLine();
    ElapsedLine(const ElapsedLine&) = delete;
    ElapsedLine& operator=(const ElapsedLine&) = delete;
    /// Stops the report and, if it was shown, ends the line with `note`.
    void finish(const std::string& note);
    /// Replaces the text that says what is being done (e.g. how close a solver is), from any
    /// thread.
    void setWhat(std::string what);

  private:
    struct Ticker;
    std::unique_ptr<Ticker> m_ticker;
};

/// The progress options every long verb accepts.
std::vector<OptionSpec> progressOptions();

} // namespace rl::cli
