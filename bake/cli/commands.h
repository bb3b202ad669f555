#pragma once

#include <ostream>
#include <string>

/// One function per twbake subcommand; twbake.cpp parses the command line and calls them.
namespace bake::cli {

struct ImportCommand {
    std::string from;          ///< "tum-csv" or "waypoints"
    std::string input;
    std::string raceline;      ///< optional line CSV
    std::string output;
    std::string name;          ///< track name; defaults to the input's file stem
    bool closed = false;
    bool open = false;
    double width = 10.0;       ///< waypoints: total tarmac width, metres
    double runoffMargin = 2.0; ///< metres beyond the tarmac
    double wallMargin = 1.0;   ///< metres beyond the runoff
    bool json = false;
};
int runImport(const ImportCommand& command, std::ostream& out, std::ostream& err);

struct ValidateCommand {
    std::string input;
    bool json = false;
};
int runValidate(const ValidateCommand& command, std::ostream& out, std::ostream& err);

} // namespace bake::cli
