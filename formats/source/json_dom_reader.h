#pragma once

// Internal to formats: reads a .twtrack from the RapidJSON document the loader has already parsed
// (cereal's JSON archive, included first, configures RapidJSON: full-precision numbers, NaN and
// Infinity literals), knowing where it is, so a missing or ill-typed field becomes a diagnostic
// naming its JSON path. Absent optional fields are looked up, not caught: reading a 60 000-node
// track through cereal's archive threw five exceptions a node. Include only from .cpp files of
// formats/.

#include <cereal/archives/json.hpp>
#include <rapidjson/document.h>

#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace formats::detail {

/// Thrown by JsonDomReader when the document's structure does not match the schema.
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

/// `value` as a T, when it is one (integers within T's range; any number for a floating point).
template <class T> bool readValue(const rapidjson::Value& value, T& out) {
    if constexpr (std::is_same_v<T, bool>) {
        if (!value.IsBool()) return false;
        out = value.GetBool();
    } else if constexpr (std::is_same_v<T, std::string>) {
        if (!value.IsString()) return false;
        out.assign(value.GetString(), value.GetStringLength());
    } else if constexpr (std::is_floating_point_v<T>) {
        if (!value.IsNumber()) return false;
        out = static_cast<T>(value.GetDouble());
    } else if constexpr (std::is_unsigned_v<T>) {
        if (!value.IsUint64() || value.GetUint64() > std::numeric_limits<T>::max()) return false;
        out = static_cast<T>(value.GetUint64());
    } else {
        if (!value.IsInt64() || value.GetInt64() > std::numeric_limits<T>::max() || value.GetInt64() < std::numeric_limits<T>::min()) return false;
        out = static_cast<T>(value.GetInt64());
    }
    return true;
}

/// Reads named fields, objects and arrays of a parsed document, tracking the JSON path, and the
/// members of each object it reads that it never asked for (unknownKeys()): a misspelt "runof" or a
/// studio's own key, which a save would drop.
class JsonDomReader {
public:
    explicit JsonDomReader(const rapidjson::Value& root) {
        m_values.push_back(&root);
        if (root.IsObject()) m_objects.emplace_back(&root);
    }

    /// The JSON paths of the members no read asked for, in document order within each object
    /// ("nodes[3].runof"). Call once, after reading everything.
    std::vector<std::string> unknownKeys() {
        while (!m_objects.empty()) closeObject();
        return std::move(m_unknown);
    }

    /// Reads a required scalar field of the current object.
    template <class T> void field(const char* key, T& out) {
        if (!tryField(key, out)) missing(key);
    }

    /// Reads an optional scalar field; false when absent. A present field of the wrong type throws.
    template <class T> bool tryField(const char* key, T& out) {
        const rapidjson::Value* value = member(key);
        if (!value) return false;
        if (!readValue(*value, out)) {
            const std::string p = childPath(key);
            throw JsonStructureError("wrong-type", p, p + " must be " + jsonTypeName<T>());
        }
        return true;
    }

    /// Enters a required object field, runs `body`, leaves it.
    template <class F> void object(const char* key, F&& body) {
        if (!tryObject(key, std::forward<F>(body))) missing(key);
    }

    /// Enters an optional object field; false when absent.
    template <class F> bool tryObject(const char* key, F&& body) {
        const rapidjson::Value* value = enterNamed(key, /*array=*/false);
        if (!value) return false;
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
        const rapidjson::Value* value = enterNamed(key, /*array=*/true);
        if (!value) return false;
        forEachElement(*value, element);
        leave();
        return true;
    }

    /// Inside array(): reads the current element as a scalar.
    template <class T> void elementValue(T& out) {
        if (!readValue(*m_values.back(), out)) throw JsonStructureError("wrong-type", path(), path() + " must be " + jsonTypeName<T>());
    }

    /// Inside array(): the current element as an object.
    template <class F> void elementObject(F&& body) {
        if (!m_values.back()->IsObject()) throw JsonStructureError("wrong-type", path(), path() + " must be an object");
        m_objects.emplace_back(m_values.back());
        body();
        closeObject();
    }

    /// Inside array(): the current element as an array, `element(index)` once per item.
    template <class F> void elementArray(F&& element) {
        const rapidjson::Value* value = m_values.back();
        if (!value->IsArray()) throw JsonStructureError("wrong-type", path(), path() + " must be an array");
        forEachElement(*value, element);
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
    template <class F> void forEachElement(const rapidjson::Value& array, F&& element) {
        for (rapidjson::SizeType i = 0; i < array.Size(); ++i) {
            m_path.push_back("[" + std::to_string(i) + "]");
            m_values.push_back(&array[i]);
            element(static_cast<std::size_t>(i));
            m_values.pop_back();
            m_path.pop_back();
        }
    }

    std::string childPath(const char* key) const {
        const std::string here = path();
        return here.empty() ? std::string(key) : here + "." + key;
    }

    [[noreturn]] void missing(const char* key) const {
        const std::string p = childPath(key);
        throw JsonStructureError("missing-field", p, p + " is missing");
    }

    /// The member `key` of the current object; null when absent (or when the current value is no
    /// object). A member found is marked read.
    const rapidjson::Value* member(const char* key) {
        const rapidjson::Value& here = *m_values.back();
        if (!here.IsObject()) return nullptr;
        const auto found = here.FindMember(key);
        if (found == here.MemberEnd()) return nullptr;
        if (!m_objects.empty() && m_objects.back().object == &here) m_objects.back().markRead(static_cast<std::size_t>(found - here.MemberBegin()));
        return &found->value;
    }

    /// An object being read and which of its members were asked for: a bit each (objects of more
    /// than 64 members, which no .twtrack object has, in a vector).
    struct ObjectBeingRead {
        explicit ObjectBeingRead(const rapidjson::Value* value) : object(value) {}
        const rapidjson::Value* object;
        std::uint64_t read = 0;
        std::vector<bool> readBeyond64;

        void markRead(std::size_t index) {
            if (index < 64) {
                read |= std::uint64_t{1} << index;
                return;
            }
            if (readBeyond64.size() <= index - 64) readBeyond64.resize(index - 63);
            readBeyond64[index - 64] = true;
        }
        bool wasRead(std::size_t index) const {
            return index < 64 ? (read >> index & 1u) != 0 : index - 64 < readBeyond64.size() && readBeyond64[index - 64];
        }
    };

    /// Leaves the innermost object being read, noting its members nobody asked for.
    void closeObject() {
        const ObjectBeingRead& top = m_objects.back();
        const rapidjson::SizeType count = top.object->MemberCount();
        const bool allRead = count <= 64 && top.readBeyond64.empty() &&
                             static_cast<rapidjson::SizeType>(__builtin_popcountll(top.read)) == count;
        if (!allRead)
            for (rapidjson::SizeType i = 0; i < count; ++i)
                if (!top.wasRead(i)) m_unknown.push_back(childPath(top.object->MemberBegin()[i].name.GetString()));
        m_objects.pop_back();
    }

    const rapidjson::Value* enterNamed(const char* key, bool array) {
        const rapidjson::Value* value = member(key);
        if (!value) return nullptr;
        if (array ? !value->IsArray() : !value->IsObject()) {
            const std::string p = childPath(key);
            throw JsonStructureError("wrong-type", p, p + (array ? " must be an array" : " must be an object"));
        }
        m_path.emplace_back(key);
        m_values.push_back(value);
        if (!array) m_objects.emplace_back(value);
        return value;
    }

    void leave() {
        if (!m_objects.empty() && m_objects.back().object == m_values.back()) closeObject();
        m_values.pop_back();
        m_path.pop_back();
    }

    std::vector<const rapidjson::Value*> m_values;  ///< the current value last
    std::vector<std::string> m_path;
    std::vector<ObjectBeingRead> m_objects;  ///< the objects being read, innermost last
    std::vector<std::string> m_unknown;
};

} // namespace formats::detail
