// In: nothing of its own. Out: the transform matrices of src/layout/transform.ts for the PDF writer's
// modules that still import them from here (to be pointed at src/layout/transform.ts directly).
export { isDegenerate, mapRect, multiply, transformMatrix, type Matrix } from '../layout/transform.ts';
