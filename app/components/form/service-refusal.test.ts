import { describe, expect, it } from "vitest";
import { serviceRefusal } from "./service-refusal";

class Refusal extends Error {
  constructor(
    readonly kind: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

describe("serviceRefusal", () => {
  it("answers a refusal with the API's status, under the field it names", () => {
    expect(serviceRefusal(new Refusal("conflict", "A post with this slug already exists", "slug"), ["slug"])).toEqual({
      status: 409,
      errors: { fieldErrors: { slug: ["A post with this slug already exists"] } },
    });
    expect(serviceRefusal(new Refusal("invalid", "Unknown breed: 9", "breedRecommendations"), ["name"])).toEqual({
      status: 400,
      errors: { formErrors: ["Unknown breed: 9"] },
    });
    expect(serviceRefusal(new Refusal("not-found", "Product not found"), ["name"])).toMatchObject({ status: 404 });
  });

  it("lets every other failure through", () => {
    expect(serviceRefusal(new Error("connection refused"), ["name"])).toBeNull();
    expect(serviceRefusal("nope", ["name"])).toBeNull();
  });
});
