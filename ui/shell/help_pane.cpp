#include "shell/help_pane.h"

#include "algorithms/algorithm_registry.h"
#include "base/version.h"
#include "views/gantt_view.h"
#include "views/tree_view.h"

#include <QImage>
#include <QPainter>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>

#include <cmath>
#include <functional>

namespace rl {

namespace {

struct Entry {
    const char* term;
    const char* meaning;
};

// Every term the window shows that a newcomer may not know, in plain words. The papers'
// section numbers appear only here, in brackets, and in tooltips.
const Entry kGlossary[] = {
    {"P3", "processor number 3. Processors are numbered from 0; P0 ends with the result."},
    {"value, [4,5]",
     "a partial result: the values of processors 4 to 5 already reduced into one. At the "
     "start P<i>i</i> holds [<i>i</i>,<i>i</i>]; at the end one processor holds [0,<i>n</i>−1]."},
    {"[4,5] [14,15]",
     "several intervals in one value: with a commutative operation any two values may be "
     "merged, so a value can hold intervals that are not adjacent."},
    {"transfer", "one processor sends its value to another; drawn as an arrow in the Gantt "
                 "chart and as an edge of the tree."},
    {"reception", "the time a value takes to arrive: the pale bar on the receiver's row."},
    {"reception 3", "the third value a processor receives in a static plan (Binomial-stat, "
                    "Fibonacci-stat): the plan fixes who sends to whom and in which order."},
    {"reduction", "merging a received value into one's own (e.g. adding two vectors): an "
                  "orange block in the Gantt chart."},
    {"slot", "Tree-dyn's waiting place: an idle processor that finds the slot empty enters it "
             "and waits; the next idle processor sends its value to the one in the slot."},
    {"round", "Binomial-stat's steps: in round <i>k</i>, processors 2<sup><i>k</i></sup> apart "
              "pair up."},
    {"sender order", "the order in which the clairvoyant baselines (EP, SNF, Optimum) let "
                     "processors send; they know every cost in advance."},
    {"idle", "a processor waiting, with its value, to send or receive: the grey band."},
    {"makespan", "the time at which the reduction is complete: the root holds every value. "
                 "Shorter is better."},
    {"critical path", "the chain of operations, each waiting for the previous one, that fixes "
                      "the makespan: shortening any other operation would not end the run "
                      "sooner."},
    {"lower bound", "a time no algorithm can beat on these costs (the dashed line)."},
    {"optimum", "the best makespan over every sender order, found by exhaustive search (small "
                "clusters only)."},
    {"cost law", "how the time of each operation is drawn: constant, uniform, gamma, "
                 "exponential or Bernoulli, each given by its mean and CV."},
    {"CV", "coefficient of variation: standard deviation divided by the mean. 0 means every "
           "operation takes the same time; 1 is as spread as an exponential law."},
    {"mu_d, mu_c, mu_c/mu_d", "the mean time of a transfer (d) and of a reduction (c), and "
                              "their ratio."},
    {"seed", "the number the random draws start from: the same seed gives the same costs."},
    {"replicate", "one run of a Monte Carlo experiment. Replicate <i>k</i> of a seed always "
                  "draws the same costs, so a figure's point can be opened in the explorer."},
    {"New draw", "another seed: new random costs with the same settings."},
    {"common random numbers", "every algorithm of a comparison runs on the same draws, so "
                              "their difference is not blurred by luck."},
    {"compare mode", "two to four algorithms side by side on the same draws, with one time "
                     "axis."},
    {"commutative / non-commutative",
     "whether the operation allows merging values in any order (a sum) or only adjacent "
     "intervals in order (a matrix product). Tree-dyn needs a commutative operation."},
    {"fixed matrix", "known transfer costs d[i][j] (from i to j) and reduction costs c[j]; "
                     "sender-only when d[i][j] depends on i alone, as in Liu and Wang's "
                     "clusters."},
    {"Monte Carlo", "many replicates of a random scenario, summarised by their mean, spread "
                    "and quantiles."},
    {"mean ± standard error", "the average over the replicates, and how far it may be from "
                              "the true average (about one standard error)."},
    {"sd", "standard deviation: how much single runs spread around the mean."},
    {"q10, q90, ribbon", "quantiles: 10% of the runs are faster than q10, 90% faster than "
                         "q90. The shaded ribbon spans them."},
    {"95% interval", "the range that holds the true ratio with 95% confidence; where it "
                     "contains 1 the two algorithms are not told apart (hatched cells)."},
    {"median replicate", "the replicate whose result is the median of the point: what a "
                         "click on a figure opens in the explorer."},
    {"margin, runner-up, tie", "on the best-method map: how much better the best algorithm is "
                               "than the second best; a tie is a margin within one standard "
                               "error (crosses)."},
    {"Markov chain", "Tree-dyn with exponential costs behaves as a Markov chain whose mean "
                     "and variance are known exactly [report §5]; the explorer and the Theory "
                     "tab compare runs with it."},
    {"z", "(simulated mean − exact mean) / standard error: within ±4 the two agree."},
    {"worst-case ratio, Theorem", "how many times slower than the optimum an algorithm can be "
                                  "on the worst platform; the theorems of the report prove "
                                  "the bounds [report §4, Table 1]."},
    {"steady state, throughput", "a long series of reductions, pipelined: the number of "
                                 "reductions completed per time unit (TP) [Legrand, Marchal, "
                                 "Robert]."},
    {"SSRP, SSSP", "the steady-state reduction and scatter problems, solved as linear "
                   "programs."},
    {"period", "the length of the repeating pattern of a periodic schedule."},
    {"T(1,1,2)@P1", "a task of a reduction series: on processor P1, merge the values of "
                    "processors 1..1 and 2..2 into [1,2]."},
    {"v[1,2], m3", "a message: the value [1,2] of a reduction, or the third message of a "
                   "scatter; #<i>i</i> numbers the instance within the period."},
    {"occupation", "the fraction of a period a link or a processor is busy."},
    {"pipelining gain", "how much faster a steady-state series runs than one reduction after "
                        "another with the explorer's algorithms."},
    {"divisible load, master, α", "a load split among workers: the master sends each worker "
                                  "its share α, the workers compute, and may return results "
                                  "[Vivien]."},
    {"one round, multi-round", "the load sent in one share per worker, or in several smaller "
                               "rounds that overlap communication and computation."},
};

constexpr int kSwatchW = 44;
constexpr int kSwatchH = 20;

QString escape(const QString& s) {
    return s.toHtmlEscaped();
}

} // namespace

HelpPane::HelpPane(QWidget* parent) : QWidget(parent), m_browser(new QTextBrowser(this)) {
    m_browser->setOpenExternalLinks(true);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_browser);
    rebuild();
}

QStringList HelpPane::glossaryTerms() {
    QStringList terms;
    for (const Entry& e : kGlossary) {
        terms << QString::fromUtf8(e.term);
    }
    return terms;
}

void HelpPane::setKeys(std::vector<Key> keys) {
    m_keys = std::move(keys);
    rebuild();
}

void HelpPane::setTheme(const Theme& theme) {
    m_theme = theme;
    rebuild();
}

void HelpPane::showSection(const QString& anchor) {
    m_browser->scrollToAnchor(anchor);
}

QString HelpPane::html() const {
    return m_browser->toHtml();
}

void HelpPane::rebuild() {
    QTextDocument* doc = m_browser->document();
    // The legend's pictures, drawn by the views in the current theme and scale.
    const int w = static_cast<int>(std::lround(m_theme.px(kSwatchW)));
    const int h = static_cast<int>(std::lround(m_theme.px(kSwatchH)));
    std::vector<std::pair<QString, QImage>> images; // added once the text is set (setHtml clears)
    auto swatch = [&](const QString& name, const std::function<void(QPainter&, QRectF)>& paint) {
        QImage image(w, h, QImage::Format_ARGB32_Premultiplied);
        image.fill(m_theme.background());
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        paint(painter, QRectF(2, 2, w - 4, h - 4));
        painter.end();
        images.emplace_back(name, image);
        return QStringLiteral("<img src=\"swatch:%1\" width=\"%2\" height=\"%3\">")
            .arg(name)
            .arg(w)
            .arg(h);
    };
    auto tree = [&](TreeView::Glyph g, const QString& name) {
        return swatch(name,
                      [&](QPainter& p, QRectF box) { TreeView::paintGlyph(p, g, box, m_theme); });
    };
    auto gantt = [&](GanttView::Glyph g, const QString& name) {
        return swatch(name,
                      [&](QPainter& p, QRectF box) { GanttView::paintGlyph(p, g, box, m_theme); });
    };
    auto row = [](const QString& picture, const QString& text) {
        return QStringLiteral("<tr><td>%1</td><td>%2</td></tr>").arg(picture, text);
    };

    QString html;
    html += tr("<h2>ReduceLab help</h2><p>ReduceLab shows how a <b>reduction</b> — combining "
               "one value per processor into one result, as <code>MPI_Reduce</code> does — "
               "runs on processors whose speeds vary and cannot be predicted. Each tab is a "
               "way to look at it; this pane explains the words and pictures.</p>");
    html += QStringLiteral("<p><a href=\"#keys\">%1</a> · <a href=\"#glossary\">%2</a> · "
                           "<a href=\"#legend\">%3</a> · <a href=\"#about\">%4</a></p>")
                .arg(tr("Keys"), tr("Glossary"), tr("Legend"), tr("About"));

    html +=
        QStringLiteral("<a name=\"keys\"></a><h3>%1</h3><table cellpadding=\"2\">").arg(tr("Keys"));
    for (const auto& [key, what] : m_keys) {
        html += row(QStringLiteral("<b>%1</b>").arg(escape(key)), escape(what));
    }
    html += row(tr("<b>Mouse</b>"),
                tr("wheel zooms time (Shift+wheel: rows, or the tree horizontally), drag pans, "
                   "double-click fits; hovering an operation or a point tells what it is; "
                   "clicking a transfer selects it in the chart and the tree; clicking a point "
                   "of an analysis figure opens that run in the explorer."));
    html += QStringLiteral("</table>");

    html += QStringLiteral("<a name=\"glossary\"></a><h3>%1</h3><table cellpadding=\"2\">")
                .arg(tr("Glossary"));
    for (const Entry& e : kGlossary) {
        html += row(QStringLiteral("<b>%1</b>").arg(escape(QString::fromUtf8(e.term))),
                    QString::fromUtf8(e.meaning));
    }
    for (const Algorithm& a : allAlgorithms()) {
        html += row(QStringLiteral("<b>%1</b>").arg(escape(QString::fromStdString(a.name()))),
                    escape(QString::fromStdString(a.summary())));
    }
    html += QStringLiteral("</table>");

    html += QStringLiteral("<a name=\"legend\"></a><h3>%1</h3><p><b>%2</b></p><table "
                           "cellpadding=\"2\">")
                .arg(tr("Legend"), tr("The reduction tree"));
    using TG = TreeView::Glyph;
    html += row(tree(TG::InFlight, "in-flight"),
                tr("dashed edge: the value travels, or waits for the receiver to merge it"));
    html += row(tree(TG::Merged, "merged"), tr("solid edge: the receiver has merged the value"));
    html += row(tree(TG::Critical, "critical"), tr("thick edge: on the critical path"));
    html += row(tree(TG::Selected, "selected"), tr("the selected transfer (click an edge)"));
    html += row(tree(TG::Holding, "holding"), tr("a processor holding a value, idle"));
    html += row(tree(TG::Receiving, "receiving"),
                tr("thick blue ring: receiving a value, or sending its own"));
    html += row(tree(TG::Reducing, "reducing"),
                tr("thick orange ring: merging a received value into its own"));
    html += row(tree(TG::Sent, "sent"), tr("hollow and grey: has sent its value, it is done"));
    html += row(tree(TG::Complete, "complete"),
                tr("filled: the root, holding every value — the reduction is complete"));
    html += QStringLiteral("</table><p><b>%1</b></p><table cellpadding=\"2\">")
                .arg(tr("The Gantt chart (one row per processor, time to the right)"));
    using GG = GanttView::Glyph;
    html += row(gantt(GG::Transfer, "transfer"),
                tr("a transfer: an arrow from the sender's row to the receiver's"));
    html += row(gantt(GG::Reception, "reception"),
                tr("a reception: the pale bar on the receiver's row while the value arrives"));
    html += row(gantt(GG::Reduction, "reduction"), tr("a reduction: the receiver merges"));
    html += row(gantt(GG::Critical, "critical-path"),
                tr("vermillion: an operation on the critical path"));
    html += row(gantt(GG::Selected, "selection"), tr("purple: the selected operation"));
    html += row(gantt(GG::Idle, "idle"),
                tr("grey band: the processor is still in the reduction (it has not sent yet)"));
    html += row(gantt(GG::Cursor, "cursor"), tr("green line: the time of the animation"));
    html += row(gantt(GG::Reference, "reference"),
                tr("dashed line: a lower bound, or the optimum's makespan"));
    html += QStringLiteral("</table>");

    html += QStringLiteral("<a name=\"about\"></a><h3>%1</h3>").arg(tr("About ReduceLab"));
    html += tr("<p>ReduceLab %1, built with Qt %2.<br>Free software under the GNU General Public "
               "License, version 3 or later (GPL-3.0-or-later).</p>")
                .arg(QString::fromLatin1(kVersion), QString::fromLatin1(qVersion()));
    html += tr("<p>The model is the one of the papers below, stated in the project's own words "
               "in docs/model.md:</p><ul>"
               "<li>Anne Benoit, Louis-Claude Canon, Loris Marchal. <i>Non-clairvoyant "
               "reduction algorithms for heterogeneous platforms</i>. Research Report RR-8315, "
               "Inria, 2013 (hal-00832102); and HeteroPar 2013 (hal-00926093). "
               "[“the report”]</li>"
               "<li>Arnaud Legrand, Loris Marchal, Yves Robert. <i>Optimizing the "
               "steady-state throughput of scatter and reduce operations on heterogeneous "
               "platforms</i>.</li>"
               "<li>Pangfeng Liu, Da-Wei Wang. <i>Reduction optimization in heterogeneous "
               "cluster environments</i>.</li>"
               "<li>Frédéric Vivien. <i>Divisible load theory</i>, lecture slides, ENS Lyon, "
               "2006.</li></ul>");
    m_browser->setHtml(html);
    for (const auto& [name, image] : images) {
        doc->addResource(QTextDocument::ImageResource, QUrl(QStringLiteral("swatch:") + name),
                         image);
    }
}

} // namespace rl
