#pragma once

// Internal to formats: the JSON writer the source formats share (.twtrack, car files).

#include <cereal/archives/json.hpp>

namespace formats::detail {

/// Writes named fields, objects and arrays through Cereal's JSON archive, in call order.
class CerealJsonWriter {
public:
    explicit CerealJsonWriter(cereal::JSONOutputArchive& archive) : m_archive(archive) {}

    template <class T> void field(const char* key, const T& value) { m_archive(cereal::make_nvp(key, value)); }

    template <class F> void object(const char* key, F&& body) {
        m_archive.setNextName(key);
        m_archive.startNode();
        body();
        m_archive.finishNode();
    }

    template <class Range, class F> void array(const char* key, const Range& items, F&& writeOne) {
        m_archive.setNextName(key);
        m_archive.startNode();
        m_archive.makeArray();
        for (const auto& item : items) writeOne(item);
        m_archive.finishNode();
    }

    template <class T> void elementValue(const T& value) { m_archive(value); }

    template <class F> void elementObject(F&& body) {
        m_archive.startNode();
        body();
        m_archive.finishNode();
    }

    /// An array element that is itself an array of `items`.
    template <class Range, class F> void elementArray(const Range& items, F&& writeOne) {
        m_archive.startNode();
        m_archive.makeArray();
        for (const auto& item : items) writeOne(item);
        m_archive.finishNode();
    }

private:
    cereal::JSONOutputArchive& m_archive;
};

} // namespace formats::detail
