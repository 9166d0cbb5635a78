#include "sweep_render.h"

#include "base/input_error.h"
#include "views/best_method_figure.h"
#include "views/cv_sweep_figure.h"
#include "views/ratio_map_figure.h"

#include <memory>

namespace rl::cli {

std::vector<std::pair<std::string, QByteArray>>
renderSweepFigure(const std::shared_ptr<const GridSnapshot>& snapshot, Figure fig,
                  const std::vector<FigureFile>& files) {
    std::unique_ptr<SweepFigure> view;
    switch (fig) {
    case Figure::Fig4:
        view = std::make_unique<CvSweepFigure>();
        break;
    case Figure::Fig5:
        view = std::make_unique<RatioMapFigure>();
        break;
    case Figure::Fig6:
        view = std::make_unique<BestMethodFigure>();
        break;
    }
    const QSize size(1000, 640);
    view->resize(size);
    view->setSnapshot(snapshot);
    view->flush();
    std::vector<std::pair<std::string, QByteArray>> out;
    for (const auto& [option, path] : files) {
        QString error;
        QByteArray bytes;
        if (!view->renderTo(QString::fromStdString(path), &bytes, &error, size)) {
            throw InputError(error.toStdString());
        }
        out.emplace_back(option, std::move(bytes));
    }
    return out;
}

} // namespace rl::cli
