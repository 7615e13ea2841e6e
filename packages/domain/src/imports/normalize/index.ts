export {
  type GuessedAttributeType,
  guessAttributeType,
  type MappingAttribute,
  type MappingSuggestion,
  normalizeName,
  suggestMapping,
} from "./attribute-mapping";
