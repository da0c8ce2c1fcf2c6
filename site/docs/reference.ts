/**
 * The API reference at `/docs`: Swagger UI, served from the build, renders `/openapi.json`.
 * Nothing is asked of another host: no validator badge, no fonts.
 */

declare const SwaggerUIBundle: (options: {
  url: string;
  dom_id: string;
  validatorUrl: null;
  deepLinking: boolean;
  docExpansion: 'list' | 'full' | 'none';
  defaultModelsExpandDepth: number;
}) => unknown;

SwaggerUIBundle({
  url: '/openapi.json',
  dom_id: '#reference',
  validatorUrl: null,
  deepLinking: true,
  // The document has hundreds of paths: open at their list, each operation on demand.
  docExpansion: 'none',
  defaultModelsExpandDepth: -1,
});
