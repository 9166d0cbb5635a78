#pragma once

#include "common/async_job.h"

#include <QString>

#include <functional>
#include <string>

namespace rl {

/// A web page written by File → Export web page… (core/web: a run or an analysis figure).
struct WrittenPage {
    QString path;
    std::size_t bytes = 0;
};

/// The job that makes and writes a web page off the GUI thread.
using WebPageJob = AsyncJob<WrittenPage>;

/// What makes a page's HTML (runPageHtml or figurePageHtml of immutable results): called on
/// the job's thread.
using WebPageMaker = std::function<std::string()>;

/// Checks `path` at once, on the calling thread (InputError naming it: a missing folder, a
/// FIFO, a folder...), then makes the page and writes it through the one atomic writer on
/// `job`'s thread: all or nothing. The end arrives as `job`'s resultReady (the path written)
/// or failed (the message: a page too large, a disk full).
void startWebPageExport(WebPageJob& job, const QString& path, WebPageMaker make);

} // namespace rl
