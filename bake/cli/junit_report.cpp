#include "bake/cli/junit_report.h"

#include <pugixml.hpp>

#include <cstdio>
#include <sstream>

namespace bake::cli {
namespace {

/// Seconds as the JUnit schema's xs:decimal wants them: fixed notation, never "7.03e-05" (pugixml
/// writes a double in %g, which a case under 0.1 ms turned into exponent notation that Jenkins'
/// and GitLab's schema checks refuse).
std::string decimalSeconds(double seconds) {
    char text[32];
    std::snprintf(text, sizeof text, "%.6f", seconds);
    return text;
}

} // namespace

std::string junitReport(const std::string& suite, const std::vector<ReportCase>& cases) {
    pugi::xml_document document;
    pugi::xml_node declaration = document.append_child(pugi::node_declaration);
    declaration.append_attribute("version") = "1.0";
    declaration.append_attribute("encoding") = "UTF-8";
    pugi::xml_node suites = document.append_child("testsuites");
    pugi::xml_node node = suites.append_child("testsuite");
    std::size_t failures = 0, errors = 0;
    double seconds = 0.0;
    for (const ReportCase& c : cases) {
        failures += !c.failures.empty() && c.error.empty();
        errors += !c.error.empty();
        seconds += c.seconds;
    }
    node.append_attribute("name") = suite.c_str();
    node.append_attribute("tests") = static_cast<unsigned long long>(cases.size());
    node.append_attribute("failures") = static_cast<unsigned long long>(failures);
    node.append_attribute("errors") = static_cast<unsigned long long>(errors);
    node.append_attribute("time") = decimalSeconds(seconds).c_str();
    for (const ReportCase& c : cases) {
        pugi::xml_node test = node.append_child("testcase");
        test.append_attribute("classname") = suite.c_str();
        test.append_attribute("name") = c.name.c_str();
        test.append_attribute("time") = decimalSeconds(c.seconds).c_str();
        // The figures too, so a CI's test page shows the numbers a case was judged on.
        if (!c.figures.empty()) {
            std::string figures;
            for (const auto& [name, value] : c.figures) {
                char text[32];
                std::snprintf(text, sizeof text, "%.10g", value);
                figures += name + " = " + text + "\n";
            }
            test.append_child("system-out").text() = figures.c_str();
        }
        if (!c.error.empty()) {
            pugi::xml_node e = test.append_child("error");
            e.append_attribute("message") = c.error.c_str();
        } else if (!c.failures.empty()) {
            std::string all;
            for (const std::string& f : c.failures) all += (all.empty() ? "" : "; ") + f;
            pugi::xml_node f = test.append_child("failure");
            f.append_attribute("message") = all.c_str();
            f.text() = all.c_str();
        }
    }
    std::ostringstream text;
    document.save(text, "  ", pugi::format_default, pugi::encoding_utf8);
    return text.str();
}

} // namespace bake::cli
