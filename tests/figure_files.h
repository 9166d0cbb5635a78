#pragma once
// Reading exported figures back in tests: an SVG's size in millimetres and the point size of
// each of its texts; a PDF's page size in points and the point size of each text it shows; the
// pixels of one colour in an image.

#include <QByteArray>
#include <QColor>
#include <QImage>
#include <QRegularExpression>
#include <QSizeF>
#include <QString>
#include <QStringList>
#include <QXmlStreamReader>

#include <vector>

namespace rl::test {

struct SvgFigure {
    double widthMm = 0.0;
    double heightMm = 0.0;
    QStringList texts;          ///< every <text>, in order
    std::vector<double> fontPt; ///< the point size of each text on paper
};

inline double millimetres(const QString& length) {
    QString v = length;
    return v.endsWith(QLatin1String("mm")) ? v.chopped(2).toDouble() : -1.0;
}

inline SvgFigure readSvg(const QByteArray& bytes) {
    SvgFigure f;
    QXmlStreamReader xml(bytes);
    double mmPerUnit = 0.0;
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement) {
            continue;
        }
        const auto a = xml.attributes();
        if (xml.name() == QLatin1String("svg")) {
            f.widthMm = millimetres(a.value("width").toString());
            f.heightMm = millimetres(a.value("height").toString());
            const QStringList box = a.value("viewBox").toString().split(' ');
            mmPerUnit = box.size() == 4 ? f.widthMm / box[2].toDouble() : 0.0;
        } else if (xml.name() == QLatin1String("text")) {
            const double size = a.value("font-size").toDouble();
            f.texts << xml.readElementText(QXmlStreamReader::IncludeChildElements);
            f.fontPt.push_back(size * mmPerUnit / 25.4 * 72.0);
        }
    }
    return f;
}

struct PdfFigure {
    QSizeF pagePt;
    std::vector<double> fontPt; ///< the size of each font selection (Tf) under the page's scale
};

inline PdfFigure readPdf(const QByteArray& bytes) {
    PdfFigure f;
    static const QRegularExpression mediaBox(
        QStringLiteral(R"(/MediaBox \[0 0 ([\d.]+) ([\d.]+)\])"));
    if (const auto m = mediaBox.match(QString::fromLatin1(bytes)); m.hasMatch()) {
        f.pagePt = QSizeF(m.captured(1).toDouble(), m.captured(2).toDouble());
    }
    // Content streams are deflated: qUncompress wants the length first (a guess it grows).
    static const QRegularExpression scale(QStringLiteral(R"(^([\d.]+) 0 0 -[\d.]+ 0 [\d.]+ cm)"),
                                          QRegularExpression::MultilineOption);
    static const QRegularExpression tf(QStringLiteral(R"(/F\d+ ([\d.]+) Tf)"));
    qsizetype from = 0;
    while ((from = bytes.indexOf("stream\n", from)) >= 0) {
        const qsizetype start = from + 7;
        const qsizetype end = bytes.indexOf("endstream", start);
        if (end < 0) {
            break;
        }
        if (static_cast<unsigned char>(bytes.at(start)) != 0x78) { // not a zlib stream
            from = end;
            continue;
        }
        QByteArray deflated = QByteArray("\x00\x10\x00\x00", 4) + bytes.mid(start, end - start);
        const QString content = QString::fromLatin1(qUncompress(deflated));
        const auto s = scale.match(content);
        const double unit = s.hasMatch() ? s.captured(1).toDouble() : 1.0;
        for (auto it = tf.globalMatch(content); it.hasNext();) {
            f.fontPt.push_back(it.next().captured(1).toDouble() * unit);
        }
        from = end;
    }
    return f;
}

/// How many pixels of `image` have exactly this colour.
inline int countColour(const QImage& image, const QColor& colour) {
    int count = 0;
    const QImage img = image.convertToFormat(QImage::Format_RGB32);
    for (int y = 0; y < img.height(); ++y) {
        for (int x = 0; x < img.width(); ++x) {
            count += img.pixelColor(x, y) == colour ? 1 : 0;
        }
    }
    return count;
}

} // namespace rl::test
