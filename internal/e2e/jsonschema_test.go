package e2e

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
)

// schema is the subset of JSON Schema (2020-12) that docs/json-schema.json
// uses: type (object, array, string, integer), required, properties,
// additionalProperties: false, items, enum, const, pattern, minimum and
// allOf of if/then. A keyword outside the subset is an error, so the
// document cannot silently outgrow the validator.
type schema map[string]any

var knownKeywords = map[string]bool{
	"$schema": true, "$id": true, "title": true, "description": true,
	"type": true, "required": true, "properties": true, "additionalProperties": true,
	"items": true, "enum": true, "const": true, "pattern": true, "minimum": true,
	"allOf": true, "if": true, "then": true,
}

// validate checks v (as encoding/json decodes it, with UseNumber) against
// s; path names v in messages.
func (s schema) validate(v any, path string) error {
	for k := range s {
		if !knownKeywords[k] {
			return fmt.Errorf("schema keyword %q is outside the validator's subset", k)
		}
	}
	if t, ok := s["type"].(string); ok {
		if err := checkType(t, v, path); err != nil {
			return err
		}
	}
	if c, ok := s["const"]; ok && fmt.Sprint(c) != fmt.Sprint(v) {
		return fmt.Errorf("%s: %v is not %v", path, v, c)
	}
	if e, ok := s["enum"].([]any); ok {
		found := false
		for _, x := range e {
			if fmt.Sprint(x) == fmt.Sprint(v) {
				found = true
			}
		}
		if !found {
			return fmt.Errorf("%s: %v is not one of %v", path, v, e)
		}
	}
	if p, ok := s["pattern"].(string); ok {
		str, _ := v.(string)
		if !regexp.MustCompile(p).MatchString(str) {
			return fmt.Errorf("%s: %q does not match %s", path, str, p)
		}
	}
	if m, ok := s["minimum"]; ok {
		if n, ok := v.(interface{ Int64() (int64, error) }); ok {
			x, err := n.Int64()
			min := fmt.Sprint(m)
			if err == nil && min == "0" && x < 0 {
				return fmt.Errorf("%s: %d is below %s", path, x, min)
			}
		}
	}
	if obj, ok := v.(map[string]any); ok {
		if err := s.validateObject(obj, path); err != nil {
			return err
		}
	}
	if arr, ok := v.([]any); ok {
		if items, ok := s["items"].(map[string]any); ok {
			for i, x := range arr {
				if err := schema(items).validate(x, fmt.Sprintf("%s[%d]", path, i)); err != nil {
					return err
				}
			}
		}
	}
	if all, ok := s["allOf"].([]any); ok {
		for _, sub := range all {
			m := sub.(map[string]any)
			cond, _ := m["if"].(map[string]any)
			if cond != nil && schema(cond).validate(v, path) != nil {
				continue
			}
			if then, ok := m["then"].(map[string]any); ok {
				if err := schema(then).validate(v, path); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

func (s schema) validateObject(obj map[string]any, path string) error {
	if req, ok := s["required"].([]any); ok {
		for _, r := range req {
			if _, ok := obj[r.(string)]; !ok {
				return fmt.Errorf("%s: missing %q", path, r)
			}
		}
	}
	props, _ := s["properties"].(map[string]any)
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		sub, ok := props[k].(map[string]any)
		if !ok {
			if ap, ok := s["additionalProperties"].(bool); ok && !ap {
				return fmt.Errorf("%s: unexpected field %q", path, k)
			}
			continue
		}
		if err := schema(sub).validate(obj[k], path+"."+k); err != nil {
			return err
		}
	}
	return nil
}

func checkType(t string, v any, path string) error {
	ok := false
	switch t {
	case "object":
		_, ok = v.(map[string]any)
	case "array":
		_, ok = v.([]any)
	case "string":
		_, ok = v.(string)
	case "integer":
		if n, isNum := v.(interface{ String() string }); isNum {
			ok = !strings.ContainsAny(n.String(), ".eE")
		}
	default:
		return fmt.Errorf("schema type %q is outside the validator's subset", t)
	}
	if !ok {
		return fmt.Errorf("%s: %v is not of type %s", path, v, t)
	}
	return nil
}
