// SPDX-License-Identifier: GPL-2.0-or-later
#include "integrations/torcs/twtorcs/results.h"

#include <pugixml.hpp>

#include <algorithm>
#include <cstdlib>
#include <cstring>

namespace twtorcs {
namespace {

pugi::xml_node section(pugi::xml_node parent, const char* name) {
    for (pugi::xml_node s : parent.children("section"))
        if (std::strcmp(s.attribute("name").value(), name) == 0) return s;
    return {};
}

const char* text(pugi::xml_node parent, const char* name) {
    for (pugi::xml_node a : parent.children())
        if ((std::strcmp(a.name(), "attstr") == 0 || std::strcmp(a.name(), "attnum") == 0) && std::strcmp(a.attribute("name").value(), name) == 0)
            return a.attribute("val").value();
    return "";
}

double number(pugi::xml_node parent, const char* name) { return std::strtod(text(parent, name), nullptr); }

} // namespace

Results readResults(const std::string& path) {
    Results r;
    pugi::xml_document doc;
    const pugi::xml_parse_result parsed = doc.load_file(path.c_str());
    if (!parsed) {
        r.error = "cannot read " + path + ": " + parsed.description();
        return r;
    }
    // The track's section holds Drivers and Results.
    pugi::xml_node results;
    pugi::xml_node drivers;
    for (pugi::xml_node s : doc.child("params").children("section")) {
        if (pugi::xml_node found = section(s, "Results")) {
            results = found;
            drivers = section(s, "Drivers");
            break;
        }
    }
    if (!results) {
        r.error = path + " has no results";
        return r;
    }
    if (pugi::xml_node race = section(results, "Race")) {
        r.race = true;
        for (pugi::xml_node e : section(race, "Rank").children("section")) {
            ResultEntry entry;
            entry.rank = static_cast<int>(std::strtol(e.attribute("name").value(), nullptr, 10));
            entry.name = text(e, "name");
            entry.module = text(e, "module");
            entry.car = text(e, "car");
            entry.index = static_cast<int>(number(e, "idx"));
            entry.laps = static_cast<int>(number(e, "laps"));
            entry.time = number(e, "time");
            entry.bestLap = number(e, "best lap time");
            entry.damage = static_cast<int>(number(e, "dammages"));
            r.entries.push_back(entry);
        }
        std::sort(r.entries.begin(), r.entries.end(), [](const ResultEntry& a, const ResultEntry& b) { return a.rank < b.rank; });
    } else if (pugi::xml_node practice = section(results, "Practice")) {
        ResultEntry entry;
        entry.name = text(practice, "driver name");
        if (pugi::xml_node d = section(drivers, "1")) {
            entry.module = text(d, "dll name");
            entry.index = static_cast<int>(number(d, "index"));
        }
        for (pugi::xml_node lap : practice.children("section")) {
            entry.lapTimes.push_back(number(lap, "time"));
            entry.damage = static_cast<int>(number(lap, "dammages"));
        }
        entry.laps = static_cast<int>(entry.lapTimes.size());
        if (!entry.lapTimes.empty()) entry.bestLap = *std::min_element(entry.lapTimes.begin(), entry.lapTimes.end());
        entry.rank = 1;
        r.entries.push_back(entry);
    } else {
        r.error = path + " holds neither a race nor a practice";
        return r;
    }
    r.ok = true;
    return r;
}

} // namespace twtorcs
