import type { FormValue } from './form-body';

export interface JsonSchema {
  type?: 'object' | 'string' | 'integer' | 'number' | 'boolean' | 'array';
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: string[];
  maxLength?: number;
}

export interface QueryParam {
  required: boolean;
  schema: JsonSchema;
}

export interface OperationSchema {
  pathParams: string[];
  query: Record<string, QueryParam>;
  body: JsonSchema;
}

/** A refusal worded as Stripe words it. */
export class ParameterError extends Error {
  constructor(
    message: string,
    readonly param: string,
    readonly code: string,
  ) {
    super(message);
  }
}

type Value = FormValue | number | boolean | undefined;

const name = (path: string[]) => path.map((p, i) => (i === 0 ? p : `[${p}]`)).join('');

/** Checks one value against its schema, converting form strings to the declared types. */
export function coerce(schema: JsonSchema, value: FormValue, path: string[]): Value {
  if (schema.anyOf) {
    let firstError: ParameterError | undefined;
    for (const option of schema.anyOf) {
      try {
        return coerce(option, value, path);
      } catch (error) {
        firstError ??= error as ParameterError;
      }
    }
    throw firstError!;
  }
  const param = name(path);
  switch (schema.type) {
    case 'string': {
      if (typeof value !== 'string')
        throw new ParameterError(`Invalid string: ${param}`, param, 'parameter_invalid_string');
      if (schema.enum && !schema.enum.includes(value)) {
        throw new ParameterError(
          `Invalid ${param}: must be one of ${schema.enum.join(', ')}`,
          param,
          'parameter_invalid_enum',
        );
      }
      if (schema.maxLength !== undefined && value.length > schema.maxLength) {
        throw new ParameterError(
          `Invalid ${param}: must be at most ${schema.maxLength} characters`,
          param,
          'parameter_invalid_string_too_long',
        );
      }
      return value;
    }
    case 'integer':
      if (typeof value === 'string' && /^-?\d+$/.test(value)) return Number(value);
      throw new ParameterError(
        `Invalid integer: ${typeof value === 'string' ? value : param}`,
        param,
        'parameter_invalid_integer',
      );
    case 'number':
      if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
      throw new ParameterError(`Invalid number: ${param}`, param, 'parameter_invalid_number');
    case 'boolean':
      if (value === 'true' || value === 'false') return value === 'true';
      throw new ParameterError(
        `Invalid boolean: ${typeof value === 'string' ? value : param}`,
        param,
        'parameter_invalid_boolean',
      );
    case 'array': {
      if (!Array.isArray(value)) throw new ParameterError(`Invalid array: ${param}`, param, 'parameter_invalid_array');
      return value.map((item, i) => coerce(schema.items ?? {}, item, [...path, String(i)])) as FormValue[];
    }
    case 'object':
    case undefined: {
      if (typeof value !== 'object' || Array.isArray(value)) {
        if (schema.type === undefined) return value;
        throw new ParameterError(`Invalid object: ${param}`, param, 'parameter_invalid_object');
      }
      return coerceObject(schema, value, path) as FormValue;
    }
  }
}

function coerceObject(schema: JsonSchema, value: Record<string, FormValue>, path: string[]): Record<string, Value> {
  const properties = schema.properties;
  const open = properties === undefined && schema.additionalProperties === undefined;
  const result: Record<string, Value> = {};
  for (const [key, item] of Object.entries(value)) {
    const known = properties?.[key];
    if (known) {
      result[key] = coerce(known, item, [...path, key]);
    } else if (typeof schema.additionalProperties === 'object') {
      result[key] = coerce(schema.additionalProperties, item, [...path, key]);
    } else if (open || schema.additionalProperties === true) {
      result[key] = item;
    } else {
      const param = name([...path, key]);
      throw new ParameterError(`Received unknown parameter: ${param}`, param, 'parameter_unknown');
    }
  }
  for (const required of schema.required ?? []) {
    if (value[required] === undefined) {
      const param = name([...path, required]);
      throw new ParameterError(`Missing required param: ${param}.`, param, 'parameter_missing');
    }
  }
  return result;
}

/** Validates a request's query and body against its operation, as Stripe would. */
export function validateRequest(
  operation: OperationSchema,
  query: Record<string, FormValue>,
  body: Record<string, FormValue>,
): { query: Record<string, Value>; body: Record<string, Value> } {
  const checkedQuery: Record<string, Value> = {};
  for (const [key, value] of Object.entries(query)) {
    const param = operation.query[key];
    if (!param) throw new ParameterError(`Received unknown parameter: ${key}`, key, 'parameter_unknown');
    checkedQuery[key] = coerce(param.schema, value, [key]);
  }
  for (const [key, param] of Object.entries(operation.query)) {
    if (param.required && query[key] === undefined) {
      throw new ParameterError(`Missing required param: ${key}.`, key, 'parameter_missing');
    }
  }
  return { query: checkedQuery, body: coerceObject(operation.body, body, []) };
}
