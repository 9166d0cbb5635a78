// What every web page shares (core/web/page_html.h): text and data escaped so that nothing a
// title or a datum holds can end an element or add markup, the template filled in one pass,
// the size limit, and the colours of core/base/theme_colours.h (the application's).
#include "../input_refusal.h"
#include "web/page_html.h"

#include "base/theme_colours.h"

#include <nlohmann/json.hpp>

#include "../../test_support.h"

using namespace rl;

TEST(PageHtml, TextIsEscaped) {
    ASSERT_EQ(htmlEscaped("a <b> & \"c\" 'd'"),
              std::string("a &lt;b&gt; &amp; &quot;c&quot; &#39;d&#39;"));
    ASSERT_EQ(htmlEscaped("P3 → P0 · ±"), std::string("P3 → P0 · ±"));
}

// JSON inside a <script> element: no '<' at all (so no "</script>" and no "<!--"), and
// the same value read back.
TEST(PageHtml, DataCannotEndItsElement) {
    const nlohmann::json data{{"title", "</script><script>alert(1)</script><!-- & -->"},
                              {"line", "a\u2028b\u2029c"},
                              {"list", {1.5, "</SCRIPT>", nullptr}}};
    const std::string text = scriptJson(data);
    ASSERT_TRUE(text.find('<') == std::string::npos);
    ASSERT_TRUE(text.find('>') == std::string::npos);
    ASSERT_TRUE(text.find('&') == std::string::npos);
    ASSERT_TRUE(text.find("\xe2\x80\xa8") == std::string::npos);
    ASSERT_TRUE(text.find("\\u003c/script\\u003e") != std::string::npos);
    ASSERT_EQ(nlohmann::json::parse(text), data);
}

// Invalid UTF-8 (a path, a title) is replaced, never thrown on nor passed through.
TEST(PageHtml, InvalidUtf8IsReplaced) {
    const std::string text = scriptJson(nlohmann::json{{"t", std::string("a\xff"
                                                                         "b")}});
    ASSERT_EQ(nlohmann::json::parse(text)["t"].get<std::string>(), std::string("a\xef\xbf\xbd"
                                                                               "b"));
}

// Every placeholder filled, in one pass: what is inserted is never read as a placeholder.
TEST(PageHtml, TemplateFilledInOnePass) {
    const nlohmann::json data{{"x", "<!--rl:style-->"}};
    WebPageParts parts;
    parts.htmlTemplate = "<title><!--rl:title--></title><h1><!--rl:title--></h1>"
                         "<style><!--rl:style--></style><script><!--rl:script--></script>"
                         "<script id=\"rl-data\"><!--rl:data--></script>";
    parts.title = "<!--rl:script--> & co";
    parts.styles = {"body{}", "p{}"};
    parts.scripts = {"var a = '<!--rl:data-->';"};
    parts.data = &data;
    const std::string page = assembleWebPage(parts, "test page");
    ASSERT_EQ(page,
              std::string("<title>&lt;!--rl:script--&gt; &amp; co</title>"
                          "<h1>&lt;!--rl:script--&gt; &amp; co</h1><style>body{}\np{}\n</style>"
                          "<script>var a = '<!--rl:data-->';\n</script><script id=\"rl-data\">"
                          "{\"x\":\"\\u003c!--rl:style--\\u003e\"}</script>"));
}

// A source of the page that would end its own element is a bug of the program.
TEST(PageHtml, SourcesCannotEndTheirElement) {
    WebPageParts parts;
    parts.htmlTemplate = "<script><!--rl:script--></script>";
    parts.scripts = {"let s = '</script>';"};
    ASSERT_THROW(assembleWebPage(parts, "page"), std::logic_error);
    parts.scripts = {};
    parts.htmlTemplate = "<style><!--rl:style--></style>";
    parts.styles = {"/* </style> */"};
    ASSERT_THROW(assembleWebPage(parts, "page"), std::logic_error);
}

TEST(PageHtml, PagesAreBounded) {
    const std::string big(kMaxWebPageBytes, 'x');
    WebPageParts parts;
    parts.htmlTemplate = "<p><!--rl:style--></p>";
    parts.styles = {big};
    ASSERT_EQ(test::refusal([&] { assembleWebPage(parts, "the web page of a huge run"); }),
              std::string("the web page of a huge run would take 8192 KiB, more than the "
                          "8 MiB a web page may take: show fewer processors or algorithms"));
    parts.styles = {std::string_view(big).substr(0, kMaxWebPageBytes - 100)};
    ASSERT_EQ(assembleWebPage(parts, "page").size(), kMaxWebPageBytes - 100 + 8);
}

// The pages draw with the application's colours, from the one place they are defined.
TEST(PageHtml, StylesAreTheApplications) {
    const nlohmann::json style = webStyle();
    for (const bool dark : {false, true}) {
        const nlohmann::json& s = style[dark ? "dark" : "light"];
        const ViewColours& v = viewColours(dark);
        ASSERT_EQ(s["view"]["transfer"].get<std::string>(), v.transfer.hex());
        ASSERT_EQ(s["view"]["background"].get<std::string>(), v.background.hex());
        ASSERT_EQ(s["view"]["critical"].get<std::string>(), v.critical.hex());
        ASSERT_EQ(s["view"]["categories"][4].get<std::string>(), v.categories[4].hex());
        ASSERT_EQ(s["view"]["nodeFill"].get<std::string>(),
                  mixRgb(v.background, v.transfer, ColourRules::kNodeFillMix).hex());
        ASSERT_EQ(s["window"]["window"].get<std::string>(), windowColours(dark).window.hex());
    }
    ASSERT_EQ(style["light"]["view"]["transfer"].get<std::string>(), std::string("#0072b2"));
    ASSERT_EQ(style["dark"]["view"]["transfer"].get<std::string>(), std::string("#56b4e9"));
    // Opaque: #0072b2 at 110/255 over the idle band #f0f0f0, as the charts paint it.
    ASSERT_EQ(style["light"]["view"]["receptionTransfer"].get<std::string>(),
              std::string("#88bad5"));
    ASSERT_FUZZY_EQ(style["presentationScale"].get<double>(), StyleSizes::kPresentationScale);
    ASSERT_FUZZY_EQ(style["fontPx"].get<double>(), 12.0);
}
