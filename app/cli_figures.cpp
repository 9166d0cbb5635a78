#include "cli_figures.h"

#include "base/input_error.h"
#include "base/text_util.h"

#include <algorithm>
#include <cctype>
#include <limits>

namespace rl::cli {

void refuseDrawingWithoutFigures(const Args& a, const std::string& verb,
                                 const DrawingOptions& drawing, const CliEnvironment& env) {
    if (env.figures != nullptr) {
        return;
    }
    for (const std::string& name : drawing.names) {
        if (a.has(name)) {
            throw InputError(verb + ": --" + name + ": this build of " + env.program +
                             " draws no figures (built without Qt): " + drawing.instead);
        }
    }
}

std::string usageWithFigures(const std::string& verb, const std::string& synopsis,
                             const std::vector<OptionSpec>& specs, const DrawingOptions& drawing,
                             const CliEnvironment& env) {
    if (env.figures != nullptr) {
        return Args::usage(verb, synopsis, specs, env.program);
    }
    std::vector<OptionSpec> here;
    std::string lacking;
    for (const OptionSpec& s : specs) {
        if (std::find(drawing.names.begin(), drawing.names.end(), s.name) == drawing.names.end()) {
            here.push_back(s);
        } else {
            lacking += (lacking.empty() ? "--" : ", --") + s.name;
        }
    }
    // The bash completion (resources/linux/reducelab-cli.bash) offers the options listed above
    // this paragraph only.
    return Args::usage(verb, synopsis, here, env.program) +
           "\nnot in this build (it draws no figures: built without Qt): " + lacking + ".\n" +
           "Instead: " + drawing.instead + ".\n";
}

std::string fileExtension(const std::string& path) {
    const std::size_t name = path.find_last_of('/') + 1; // 0 when there is no folder
    const std::size_t dot = path.find_last_of('.');
    if (dot == std::string::npos || dot < name) {
        return {};
    }
    std::string ext = path.substr(dot + 1);
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return ext;
}

std::vector<FigureFile> sweepFigureFiles(const Args& a) {
    std::vector<FigureFile> files;
    for (const char* ext : {"png", "svg", "pdf"}) {
        if (const auto path = a.get(ext)) {
            if (fileExtension(*path) != ext) {
                throw InputError(std::string("--") + ext + " '" + *path +
                                 "': the file name must end in ." + ext);
            }
            files.emplace_back(ext, *path);
        }
    }
    return files;
}

std::vector<OptionSpec> animationOptions() {
    using O = AnimationOptions;
    const auto size = [](int w, int h) { return std::to_string(w) + "x" + std::to_string(h); };
    return {
        {"animation", "FILE",
         "also write the run as an animation (.gif, .mp4 or .webm), drawn as the GUI's explorer"},
        {"fps", "F",
         "animation frames per second, " + std::to_string(O::kMinFps) + " to " +
             std::to_string(O::kMaxFps) + " (default " + std::to_string(O::kDefaultFps) + ")"},
        {"seconds", "S",
         "animation length, " + formatNumber(O::kMinSeconds) + " to " +
             formatNumber(O::kMaxSeconds) + " s (default " + formatNumber(O::kDefaultSeconds) +
             "), from t = 0 to the makespan"},
        {"size", "WxH",
         "animation size, " + size(O::kMinWidth, O::kMinHeight) + " to " +
             size(O::kMaxWidth, O::kMaxHeight) + " (default " +
             size(O::kDefaultWidth, O::kDefaultHeight) + "; even for .mp4, .webm)"},
        {"presentation", "", "animation in presentation style (large fonts, as the GUI's F5)"},
        {"dark", "", "animation in the dark theme (as the GUI's Ctrl+D)"},
    };
}

std::optional<AnimationRequest> readAnimationRequest(const Args& a) {
    AnimationRequest r;
    // Every value is checked, with or without --animation, so that a typo is never ignored.
    r.options.fps = static_cast<int>(
        a.integer("fps", AnimationOptions::kDefaultFps, 0, std::numeric_limits<int>::max()));
    if (const auto seconds = a.get("seconds")) {
        r.options.seconds = parseNumber(*seconds, "--seconds");
    }
    if (const auto size = a.get("size")) {
        parseAnimationSize(*size, "--size", r.options);
    }
    r.options.presentation = a.has("presentation");
    r.options.dark = a.has("dark");
    const auto path = a.get("animation");
    if (!path) {
        for (const OptionSpec& s : animationOptions()) {
            if (a.has(s.name)) {
                throw InputError("run: --" + s.name +
                                 " applies to an animation; add --animation FILE");
            }
        }
        return std::nullopt;
    }
    r.path = *path;
    r.format = animationFormatOf(r.path, "--animation");
    r.options.validate(r.format);
    return r;
}

} // namespace rl::cli
