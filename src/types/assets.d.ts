// Text imports of Swagger UI's files (`import(..., { with: { type: "text" } })`, src/server.ts): Bun
// hands back the file's content as a string; the package ships no types for them.
declare module "swagger-ui-dist/swagger-ui.css" {
  const text: string;
  export default text;
}
declare module "swagger-ui-dist/swagger-ui-bundle.js" {
  const text: string;
  export default text;
}
