import BrainNode from "lucide/dist/esm/icons/brain.mjs";
import DogNode from "lucide/dist/esm/icons/dog.mjs";
import DropletsNode from "lucide/dist/esm/icons/droplets.mjs";
import HeartPulseNode from "lucide/dist/esm/icons/heart-pulse.mjs";
import MoonNode from "lucide/dist/esm/icons/moon.mjs";
import ShieldNode from "lucide/dist/esm/icons/shield.mjs";
import SparklesNode from "lucide/dist/esm/icons/sparkles.mjs";
import TargetNode from "lucide/dist/esm/icons/target.mjs";
import { type Icon, icon } from "./ui/icon";

const Brain = icon("brain", BrainNode);
const Dog = icon("dog", DogNode);
const Droplets = icon("droplets", DropletsNode);
const HeartPulse = icon("heart-pulse", HeartPulseNode);
const Moon = icon("moon", MoonNode);
const Shield = icon("shield", ShieldNode);
const Sparkles = icon("sparkles", SparklesNode);
const Target = icon("target", TargetNode);

// Icons by the category's icon field (the owner chooses it, decision 027), then by the spec's
// known category names; a dog for anything else.
const BY_NAME: Record<string, Icon> = {
  "healthy toys": HeartPulse,
  "brain games": Brain,
  "built for beasts": Shield,
  "calming toys": Moon,
  "easy to clean": Sparkles,
  "general toys": Dog,
  "water toys": Droplets,
  "fetch toys": Target,
};

const BY_ICON: Record<string, Icon> = {
  "heart-pulse": HeartPulse,
  heart: HeartPulse,
  brain: Brain,
  puzzle: Brain,
  shield: Shield,
  moon: Moon,
  sparkles: Sparkles,
  dog: Dog,
  droplets: Droplets,
  water: Droplets,
  target: Target,
};

export function categoryIcon(category: { name: string; icon: string | null }): Icon {
  return BY_ICON[(category.icon ?? "").trim().toLowerCase()] ?? BY_NAME[category.name.trim().toLowerCase()] ?? Dog;
}
