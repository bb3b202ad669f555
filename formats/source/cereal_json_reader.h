#pragma once

// Internal to formats: a thin layer over cereal::JSONInputArchive that knows where it is in the
// document, so a missing or ill-typed field becomes a diagnostic naming its JSON path instead of a
// bare cereal exception. Include only from .cpp files of formats/.

#include <cereal/archives/json.hpp>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace formats::detail {

/// Thrown by CerealJsonReader when the document's structure does not match the schema.
struct JsonStructureError : std::runtime_error {
    JsonStructureError(std::string errorCode, std::string jsonPath, const std::string& message)
        : std::runtime_error(message), code(std::move(errorCode)), path(std::move(jsonPath)) {}
    std::string code;  ///< "missing-field" or "wrong-type"
    std::string path;  ///< JSON path of the field
};

template <class T> constexpr const char* jsonTypeName() {
    if constexpr (std::is_same_v<T, bool>) return "true or false";
    else if constexpr (std::is_same_v<T, std::string>) return "a string";
    else if constexpr (std::is_floating_point_v<T>) return "a number";
    else if constexpr (std::is_unsigned_v<T>) return "a whole number >= 0";
    else return "a whole number";
}

/// Reads named fields, objects and arrays through Cereal, tracking the JSON path.
class CerealJsonReader {
public:
    explicit CerealJsonReader(cereal::JSONInputArchive& archive) : m_archive(archive) {}

    /// Reads a required scalar field of the current object.
    template <class T> void field(const char* key, T& out) {
        if (!tryField(key, out)) missing(key);
    }

    /// Reads an optional scalar field; false when absent. A present field of the wrong type throws.
    template <class T> bool tryField(const char* key, T& out) {
        const std::string path = childPath(key);
        try {
            m_archive(cereal::make_nvp(key, out));
            return true;
        } catch (const cereal::RapidJSONException&) {
            throw JsonStructureError("wrong-type", path, path + " must be " + jsonTypeName<T>());
        } catch (const cereal::Exception&) {
            return false;
        }
    }

    /// Enters a required object field, runs `body`, leaves it.
    template <class F> void object(const char* key, F&& body) {
        if (!tryObject(key, std::forward<F>(body))) missing(key);
    }

    /// Enters an optional object field; false when absent.
    template <class F> bool tryObject(const char* key, F&& body) {
        if (!enterNamed(key, /*array=*/false)) return false;
        body();
        leave();
        return true;
    }

    /// Enters a required array field and calls `element(index)` once per element; inside, the
    /// element is read with `element*()`.
    template <class F> void array(const char* key, F&& element) {
        if (!tryArray(key, std::forward<F>(element))) missing(key);
    }

    /// Like array() for an optional field; false when absent.
    template <class F> bool tryArray(const char* key, F&& element) {
        if (!enterNamed(key, /*array=*/true)) return false;
        cereal::size_type size = 0;
        m_archive.loadSize(size);
        for (cereal::size_type i = 0; i < size; ++i) {
            m_path.push_back("[" + std::to_string(i) + "]");
            element(static_cast<std::size_t>(i));
            m_path.pop_back();
        }
        leave();
        return true;
    }

    /// Inside array(): reads the current element as a scalar.
    template <class T> void elementValue(T& out) {
        try {
            m_archive(out);
        } catch (const cereal::RapidJSONException&) {
            throw JsonStructureError("wrong-type", path(), path() + " must be " + jsonTypeName<T>());
        }
    }

    /// Inside array(): enters the current element as an object.
    template <class F> void elementObject(F&& body) {
        try {
            m_archive.startNode();
            requireObjectHere();
        } catch (const cereal::Exception&) {
            throw JsonStructureError("wrong-type", path(), path() + " must be an object");
        }
        body();
        m_archive.finishNode();
    }

    /// JSON path of the current position, e.g. "nodes[3].left".
    std::string path() const {
        std::string result;
        for (const std::string& part : m_path) {
            if (!result.empty() && part.front() != '[') result += '.';
            result += part;
        }
        return result;
    }

private:
    std::string childPath(const char* key) const {
        const std::string here = path();
        return here.empty() ? std::string(key) : here + "." + key;
    }

    [[noreturn]] void missing(const char* key) const {
        const std::string p = childPath(key);
        throw JsonStructureError("missing-field", p, p + " is missing");
    }

    bool enterNamed(const char* key, bool array) {
        const std::string p = childPath(key);
        try {
            m_archive.setNextName(key);
            m_archive.startNode();
        } catch (const cereal::RapidJSONException&) {
            throw JsonStructureError("wrong-type", p, p + (array ? " must be an array" : " must be an object"));
        } catch (const cereal::Exception&) {
            return false;
        }
        m_path.emplace_back(key);
        try {
            if (array) {
                cereal::size_type probe = 0;
                m_archive.loadSize(probe);  // asserts the node is an array
            } else {
                requireObjectHere();
            }
        } catch (const cereal::Exception&) {
            throw JsonStructureError("wrong-type", p, p + (array ? " must be an array" : " must be an object"));
        }
        return true;
    }

    // cereal's startNode() accepts arrays where we want objects; loading an object's members from an
    // array would misreport every field as missing, so say "must be an object" here instead.
    void requireObjectHere() {
        cereal::size_type size = 0;
        bool isArray = true;
        try {
            m_archive.loadSize(size);
        } catch (const cereal::Exception&) {
            isArray = false;
        }
        if (isArray) throw cereal::Exception("array where an object was expected");
    }

    void leave() {
        m_archive.finishNode();
        m_path.pop_back();
    }

    cereal::JSONInputArchive& m_archive;
    std::vector<std::string> m_path;
};

} // namespace formats::detail
