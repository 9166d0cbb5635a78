#include "common/web_page_export.h"

#include "base/file_io.h"

#include <memory>

namespace rl {

void startWebPageExport(WebPageJob& job, const QString& path, WebPageMaker make) {
    // Declared here, before anything is computed: a bad path is refused at once.
    auto out = std::make_shared<OutputSet>();
    const std::string target = path.toStdString();
    out->declare("", target);
    job.start([out, target, path, make = std::move(make)](WebPageJob::Context&) {
        const std::string html = make();
        out->stage(target, html);
        out->commit();
        return std::make_shared<const WrittenPage>(WrittenPage{path, html.size()});
    });
}

} // namespace rl
