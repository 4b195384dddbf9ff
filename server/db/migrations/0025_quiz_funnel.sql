CREATE TABLE "quiz_answer_daily" (
	"day" date NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "quiz_answer_daily_day_question_answer_pk" PRIMARY KEY("day","question","answer")
);
--> statement-breakpoint
CREATE TABLE "quiz_funnel_daily" (
	"day" date NOT NULL,
	"step" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "quiz_funnel_daily_day_step_pk" PRIMARY KEY("day","step")
);
