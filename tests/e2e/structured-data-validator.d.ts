// The package ships JavaScript only; this is the part of its API that tests/e2e/structured-data.ts uses
// (its README: Validator, validate() and the issue objects it returns). Its entry point exports the
// class as the default export only, whatever the README's named import says.
declare module '@adobe/structured-data-validator' {
  export interface ValidationIssue {
    issueMessage: string;
    severity: 'ERROR' | 'WARNING';
    rootType: string;
    path?: { type?: string; property?: string; index?: number }[];
    fieldNames?: string[];
  }

  export default class Validator {
    constructor(schemaOrgJson?: unknown);
    validate(data: {
      jsonld?: Record<string, unknown[]>;
      microdata?: Record<string, unknown[]>;
      rdfa?: Record<string, unknown[]>;
      errors?: unknown[];
    }): Promise<ValidationIssue[]>;
  }
}
