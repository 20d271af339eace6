// SPDX-License-Identifier: MIT
// Minimal JSON output: string escaping and an object builder for NDJSON records.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace chesstool::output {

// Appends s to out as a JSON string literal (with quotes). A text that is not valid
// UTF-8 has the bytes that are not read as Windows-1252 (pgn::repair_utf8); control
// characters are escaped.
void append_json_string(std::string& out, std::string_view s);
std::string json_string(std::string_view s);

// Builds one JSON object field by field: JsonObject o; o.field("a", 1); o.str().
class JsonObject {
 public:
  JsonObject() : out_("{") {}
  JsonObject& field(std::string_view name, std::string_view value);
  JsonObject& field(std::string_view name, const char* value) { return field(name, std::string_view(value)); }
  JsonObject& field(std::string_view name, std::int64_t value);
  JsonObject& field(std::string_view name, int value) { return field(name, std::int64_t(value)); }
  JsonObject& field(std::string_view name, std::uint64_t value);
  JsonObject& field(std::string_view name, double value);
  JsonObject& field(std::string_view name, bool value);
  JsonObject& null_field(std::string_view name);
  // value must already be valid JSON (an object, array, ...).
  JsonObject& raw_field(std::string_view name, std::string_view json);
  // Closes the object and returns it; the builder must not be used afterwards.
  std::string str();

 private:
  void key(std::string_view name);
  std::string out_;
  bool first_ = true;
};

}  // namespace chesstool::output
