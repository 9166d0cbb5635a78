#pragma once

#include "common/async_job.h"

#include <QWidget>

#include <functional>

class QComboBox;
class QLabel;
class QLayout;
class QTableWidgetItem;

namespace rl {

class GanttView;

/// What the pages of the related models (Steady state, Divisible load) share: settings on the
/// left above the error line; on the right a summary over a Gantt chart, above the page's own
/// tables; the study run on an AsyncJob whose results are drawn and whose failures are shown.
class ModelPage : public QWidget {
    Q_OBJECT
  public:
    explicit ModelPage(QWidget* parent = nullptr);

    /// The message of the last invalid input or failed study (empty when fine).
    QString errorText() const;

  signals:
    /// A result was drawn, or the study's failure shown.
    void resultShown();

  protected:
    /// Lays the page out: `settings` with the error line under it (at least `minWidth` wide,
    /// `width` at first) beside the summary, the Gantt chart and `details` (the page's tables),
    /// which gets `detailsStretch` of the height against 3 for the chart.
    void layOut(QLayout* settings, int minWidth, int width, QWidget* details, int detailsStretch);
    /// Draws the results of `job` with `show` and shows its failures on the error line.
    void watch(AsyncJobBase& job, std::function<void()> show);
    void setError(const QString& text);

    /// A number as the pages show it (5 significant digits).
    static QString number(double v);
    /// A table cell the user cannot edit.
    static QTableWidgetItem* readOnlyItem(const QString& text);
    /// Shows `text` in `box` without its change signal (a preset loaded by code).
    static void selectQuietly(QComboBox* box, const QString& text);

    QLabel* m_summary;
    GanttView* m_gantt;

  private:
    QLabel* m_error;
};

} // namespace rl
