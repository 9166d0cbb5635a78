#include "views/model_gantt.h"

#include "common/number_text.h"
#include "views/gantt_view.h"

namespace rl {

namespace {

QString num(double v) {
    return shownNumber(v);
}

} // namespace

void showDivisibleSchedule(GanttView& view, const std::shared_ptr<const DivisibleSchedule>& s,
                           const StarPlatform& platform) {
    const int p = platform.workerCount();
    auto gantt = std::make_shared<const GanttBars>(divisibleGantt(*s, p));
    QStringList rows{QObject::tr("master")};
    for (int i = 1; i <= p; ++i) {
        rows << QStringLiteral("P%1").arg(i);
    }
    view.setRowLabels(rows);
    view.setLegendNames(s->withReturns ? QObject::tr("send / return") : QObject::tr("send"),
                        QObject::tr("computation"), false);
    view.setDescriber([gantt, s](const OpRef& op) -> QString {
        if (op.isTransfer) {
            const GanttArrow& t = gantt->arrows[static_cast<std::size_t>(op.index)];
            const bool back = t.to == 0;
            return QObject::tr("%1 %2\nstart %3, end %4, duration %5")
                .arg(back ? QObject::tr("result returned by") : QObject::tr("load sent to"))
                .arg(QStringLiteral("P%1").arg(back ? t.from : t.to))
                .arg(num(t.start), num(t.end), num(t.end - t.start));
        }
        const GanttBlock& r = gantt->blocks[static_cast<std::size_t>(op.index)];
        double amount = 0.0;
        for (const LoadChunk& ch : s->chunks) {
            if (ch.worker + 1 == r.row && ch.computeStart <= r.start + 1e-12 &&
                ch.computeEnd >= r.end - 1e-12) {
                amount = ch.amount;
            }
        }
        return QObject::tr("computation on %1\n%2 load units (alpha %3)\nstart %4, end %5")
            .arg(r.row == 0 ? QObject::tr("the master") : QStringLiteral("P%1").arg(r.row))
            .arg(num(amount), num(s->load > 0 ? amount / s->load : 0.0), num(r.start), num(r.end));
    });
    view.setBars(std::move(gantt));
}

void showPeriodicSchedule(GanttView& view, const std::shared_ptr<const SteadyStateResult>& r,
                          int n) {
    auto gantt = std::make_shared<const GanttBars>(periodicGantt(r->schedule, n));
    view.setRowLabels({});
    view.setLegendNames(QObject::tr("message"), QObject::tr("task"), false);
    // periodicGantt keeps the order of PeriodicSchedule::ops in its arrows and its blocks.
    std::vector<std::size_t> transferOps;
    std::vector<std::size_t> taskOps;
    for (std::size_t i = 0; i < r->schedule.ops.size(); ++i) {
        (r->schedule.ops[i].isTask ? taskOps : transferOps).push_back(i);
    }
    view.setDescriber([r, transferOps, taskOps](const OpRef& op) -> QString {
        const auto& list = op.isTransfer ? transferOps : taskOps;
        if (op.index < 0 || static_cast<std::size_t>(op.index) >= list.size()) {
            return {};
        }
        const PeriodicOp& o = r->schedule.ops[list[static_cast<std::size_t>(op.index)]];
        const QString what = QString::fromStdString(o.label(r->scatter));
        if (o.isTask) {
            return QObject::tr("task %1 on P%2\nstart %3, end %4")
                .arg(what)
                .arg(o.from)
                .arg(num(o.start), num(o.end));
        }
        return QObject::tr("message %1, P%2 → P%3\nstart %4, end %5 (a message may be cut "
                           "into pieces)")
            .arg(what)
            .arg(o.from)
            .arg(o.to)
            .arg(num(o.start), num(o.end));
    });
    view.setBars(std::move(gantt));
}

} // namespace rl
