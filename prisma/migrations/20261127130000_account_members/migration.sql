-- CreateTable
CREATE TABLE "authentication_realms" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "authentication_realms_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "account_authentication_settings" (
    "id" UUID NOT NULL,
    "single" BOOLEAN NOT NULL DEFAULT true CHECK ("single"),
    "realm_id" UUID NOT NULL,
    "client_id" TEXT NOT NULL,
    "enable_self_signup" BOOLEAN NOT NULL DEFAULT false,
    "auto_create_account_for_account_members" BOOLEAN NOT NULL DEFAULT false,
    "account_member_self_management" TEXT NOT NULL DEFAULT 'disabled',
    "token_timeout_secs" INTEGER NOT NULL DEFAULT 86400,
    "membership_limit" INTEGER NOT NULL DEFAULT 10000,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "account_authentication_settings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "password_profiles" (
    "id" UUID NOT NULL,
    "realm_id" UUID NOT NULL,
    "name" TEXT COLLATE "C" NOT NULL,
    "username_format" TEXT NOT NULL DEFAULT 'any',
    "enable_one_time_password_token" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "password_profiles_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "account_members" (
    "id" UUID NOT NULL,
    "realm_id" UUID NOT NULL,
    "name" TEXT COLLATE "C" NOT NULL,
    "email" TEXT COLLATE "C" NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "account_members_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "member_passwords" (
    "id" UUID NOT NULL,
    "account_member_id" UUID NOT NULL,
    "password_profile_id" UUID NOT NULL,
    "username" TEXT COLLATE "C" NOT NULL,
    "username_key" TEXT COLLATE "C" NOT NULL,
    "password_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "member_passwords_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "account_memberships" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "account_member_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "account_memberships_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "account_member_tokens" (
    "id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "membership_id" UUID NOT NULL,
    "account_member_id" UUID NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "account_member_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "account_authentication_settings_single_key" ON "account_authentication_settings"("single");

-- CreateIndex
CREATE UNIQUE INDEX "account_authentication_settings_realm_id_key" ON "account_authentication_settings"("realm_id");

-- CreateIndex
CREATE INDEX "password_profiles_realm_id_created_at_id_idx" ON "password_profiles"("realm_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "account_members_created_at_id_idx" ON "account_members"("created_at", "id");

-- CreateIndex
CREATE INDEX "account_members_name_id_idx" ON "account_members"("name", "id");

-- CreateIndex
CREATE INDEX "account_members_email_id_idx" ON "account_members"("email", "id");

-- CreateIndex
CREATE UNIQUE INDEX "member_passwords_password_profile_id_username_key_key" ON "member_passwords"("password_profile_id", "username_key");

-- CreateIndex
CREATE UNIQUE INDEX "member_passwords_account_member_id_password_profile_id_key" ON "member_passwords"("account_member_id", "password_profile_id");

-- CreateIndex
CREATE INDEX "account_memberships_account_member_id_created_at_id_idx" ON "account_memberships"("account_member_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "account_memberships_account_id_created_at_id_idx" ON "account_memberships"("account_id", "created_at", "id");

-- CreateIndex
CREATE UNIQUE INDEX "account_memberships_account_id_account_member_id_key" ON "account_memberships"("account_id", "account_member_id");

-- CreateIndex
CREATE UNIQUE INDEX "account_member_tokens_token_hash_key" ON "account_member_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "account_member_tokens_membership_id_idx" ON "account_member_tokens"("membership_id");

-- CreateIndex
CREATE INDEX "account_member_tokens_account_member_id_idx" ON "account_member_tokens"("account_member_id");

-- CreateIndex
CREATE INDEX "account_member_tokens_expires_at_idx" ON "account_member_tokens"("expires_at");

-- AddForeignKey
ALTER TABLE "account_authentication_settings" ADD CONSTRAINT "account_authentication_settings_realm_id_fkey" FOREIGN KEY ("realm_id") REFERENCES "authentication_realms"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "password_profiles" ADD CONSTRAINT "password_profiles_realm_id_fkey" FOREIGN KEY ("realm_id") REFERENCES "authentication_realms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "account_members" ADD CONSTRAINT "account_members_realm_id_fkey" FOREIGN KEY ("realm_id") REFERENCES "authentication_realms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "member_passwords" ADD CONSTRAINT "member_passwords_account_member_id_fkey" FOREIGN KEY ("account_member_id") REFERENCES "account_members"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "member_passwords" ADD CONSTRAINT "member_passwords_password_profile_id_fkey" FOREIGN KEY ("password_profile_id") REFERENCES "password_profiles"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "account_memberships" ADD CONSTRAINT "account_memberships_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "account_memberships" ADD CONSTRAINT "account_memberships_account_member_id_fkey" FOREIGN KEY ("account_member_id") REFERENCES "account_members"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "account_member_tokens" ADD CONSTRAINT "account_member_tokens_membership_id_fkey" FOREIGN KEY ("membership_id") REFERENCES "account_memberships"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "account_member_tokens" ADD CONSTRAINT "account_member_tokens_account_member_id_fkey" FOREIGN KEY ("account_member_id") REFERENCES "account_members"("id") ON DELETE CASCADE ON UPDATE CASCADE;

