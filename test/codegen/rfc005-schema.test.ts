import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AjvModule from 'ajv';
import { HAS_SHARED, PROJECT_ROOT, readSharedJson, SKIP_REASON } from '../support/shared.js';
import { expandValue as expandVectorValue, type VectorFile } from '../../conformance/vectors.js';

const Ajv = AjvModule.default ?? AjvModule;
const schema = JSON.parse(readFileSync(join(PROJECT_ROOT, 'schema/rfc005/content-block.json'), 'utf8')) as Record<string, unknown>;

describe('schema/rfc005/content-block.json', () => {
  it('is draft-07 with no format keyword', () => {
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    expect(JSON.stringify(schema)).not.toContain('"format"');
  });

  it('compiles under Ajv strict mode', () => {
    expect(() => new Ajv({ strict: true }).compile(schema)).not.toThrow();
  });

  it.skipIf(!HAS_SHARED)(`matches schemaValid for every block of every RFC-005 vector (${HAS_SHARED ? 'reads ../shared' : SKIP_REASON})`, () => {
    const validate = new Ajv({ strict: true, allErrors: true }).compile(schema);
    const vectors = readSharedJson<VectorFile>('rfc005', 'bulk-reference-vectors.json');
    const mismatches: string[] = [];
    let cases = 0;
    for (const vector of vectors.cases) {
      cases += 1;
      const blocks = expandVectorValue(vector.blocks, 'http://127.0.0.1:9') as unknown[];
      blocks.forEach((block, index) => {
        if (validate(block) !== vector.schemaValid[index]) mismatches.push(`${vector.id}[${index}]`);
      });
    }
    expect(cases).toBe(43);
    expect(mismatches).toEqual([]);
  });
});
