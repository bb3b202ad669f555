#include "bake/cli/junit_report.h"

#include "bake/cli/exit_codes.h"

#include "formats/source/file_io.h"

#include <pugixml.hpp>

#include <sstream>

namespace bake::cli {

bool writeJunitReport(const std::string& path, const std::string& suite, const std::vector<JunitCase>& cases, std::string& error) {
    pugi::xml_document document;
    pugi::xml_node declaration = document.append_child(pugi::node_declaration);
    declaration.append_attribute("version") = "1.0";
    declaration.append_attribute("encoding") = "UTF-8";
    pugi::xml_node suites = document.append_child("testsuites");
    pugi::xml_node node = suites.append_child("testsuite");
    std::size_t failures = 0, errors = 0;
    double seconds = 0.0;
    for (const JunitCase& c : cases) {
        failures += !c.failures.empty() && c.error.empty();
        errors += !c.error.empty();
        seconds += c.seconds;
    }
    node.append_attribute("name") = suite.c_str();
    node.append_attribute("tests") = static_cast<unsigned long long>(cases.size());
    node.append_attribute("failures") = static_cast<unsigned long long>(failures);
    node.append_attribute("errors") = static_cast<unsigned long long>(errors);
    node.append_attribute("time") = seconds;
    for (const JunitCase& c : cases) {
        pugi::xml_node test = node.append_child("testcase");
        test.append_attribute("classname") = suite.c_str();
        test.append_attribute("name") = c.name.c_str();
        test.append_attribute("time") = c.seconds;
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
    return formats::writeOutputFile(path, text.str(), error);
}

int writeJunitIfAsked(const std::string& path, const char* command, const std::vector<JunitCase>& cases, std::ostream& err) {
    if (path.empty()) return kExitOk;
    std::string error;
    if (writeJunitReport(path, command, cases, error)) return kExitOk;
    err << command << ": " << error << '\n';
    return kExitIo;
}

} // namespace bake::cli
