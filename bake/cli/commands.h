#pragma once

#include <ostream>
#include <string>
#include <vector>

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

struct BuildCommand {
    std::string input;       ///< a .twtrack, or with `all` a folder of them
    std::string output;      ///< a .twbake, or with `all` a folder
    bool all = false;
    unsigned jobs = 0;       ///< 0: one per core
    bool json = false;
};
int runBuild(const BuildCommand& command, std::ostream& out, std::ostream& err);

struct DumpCommand {
    std::string input;
    bool json = false;
};
int runDump(const DumpCommand& command, std::ostream& out, std::ostream& err);

struct RegisterCommand {
    std::string input;       ///< .twbake
    std::string points;      ///< CSV of x,y[,z]
    bool trajectory = false; ///< register the rows in order with one registrar (coherent), not each cold
};
int runRegister(const RegisterCommand& command, std::ostream& out, std::ostream& err);

struct LapsCommand {
    std::vector<std::string> inputs;  ///< .twtrack (baked in memory) or .twbake; several with --matrix
    std::string follower = "runner";  ///< a name, or with --matrix a comma list or "all"
    std::string vehicle = "car";      ///< a name, or with --matrix a comma list or "all"
    bool matrix = false;
    unsigned jobs = 0;
    std::string line = "racing";
    int laps = 3;
    bool noPlannedRecovery = false;  ///< the paper's stuck manager alone: reverse, then teleport
    bool json = false;
};
int runLaps(const LapsCommand& command, std::ostream& out, std::ostream& err);

} // namespace bake::cli
